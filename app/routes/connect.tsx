import type { ActionFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ContactDetailsCard } from "~/components/leads/ContactDetailsCard";
import { CONTACT_FAILURE, ContactForm } from "~/components/leads/ContactForm";
import { LeadPageHeader } from "~/components/leads/LeadPageHeader";
import leads from "~/components/leads/leads.module.css";
import { Container } from "~/components/ui/Container";
import { formStamp } from "~/http/bot-guard.server";
import { readLeadForm } from "~/http/forms.server";
import { businessFromMatches, logoPreviewMeta } from "~/lib/business";
import { edge } from "~/lib/edge";
import { ContactSchema } from "~/lib/lead-schemas";
import { createContactMessage } from "~/models/lead.server";

/** Edge policy (app/lib/edge.ts). */
export const handle = edge({ shared: { query: [] }, leads: "form" });

export async function loader() {
  return { stamp: await formStamp() };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readLeadForm(request, context, ContactSchema, CONTACT_FAILURE);
  if (!form.ok) return form.response;
  const message = await createContactMessage(form.data);
  return { ok: true as const, id: message.id };
}

export default function Connect() {
  const { stamp } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const refused = result && !result.ok ? result : null;
  const sent = result?.ok ? result : null;
  return (
    <>
      <LeadPageHeader
        title="Connect with Us"
        intro="Call, chat on WhatsApp or send a message. A real person at our showroom will answer."
      />
      <Container size="lg" className={leads.page}>
        <div className={leads.columns} data-first="narrow">
          <ContactDetailsCard />
          <ContactForm
            values={refused?.values ?? {}}
            fieldErrors={refused?.fieldErrors ?? {}}
            success={Boolean(sent)}
            error={refused?.error ?? null}
            stamp={stamp}
            formKey={sent ? `sent-${sent.id}` : "contact"}
          />
        </div>
      </Container>
    </>
  );
}

export const meta: MetaFunction = ({ matches }) => {
  const site = businessFromMatches(matches);
  return [
    { title: `Connect with Us | ${site.name}` },
    { name: "description", content: `Call, WhatsApp or message ${site.name} in ${site.area}.` },
    ...logoPreviewMeta(matches),
  ];
};

export { RouteErrorBoundary as ErrorBoundary } from "~/components/RouteErrorBoundary";
