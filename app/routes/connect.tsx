import type { ActionFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData } from "@remix-run/react";
import { ContactDetailsCard } from "~/components/leads/ContactDetailsCard";
import { CONTACT_FAILURE, ContactForm } from "~/components/leads/ContactForm";
import { LeadPageHeader } from "~/components/leads/LeadPageHeader";
import leads from "~/components/leads/leads.module.css";
import { Container } from "~/components/ui/Container";
import { site } from "~/config/site";
import { type LeadFormRefusal, readLeadForm } from "~/lib/lead-api.server";
import { ContactSchema } from "~/lib/lead-schemas";
import { createContactMessage } from "~/models/lead.server";

export async function action({ request }: ActionFunctionArgs) {
  const form = await readLeadForm(request, ContactSchema, CONTACT_FAILURE);
  if (!form.ok) return form.response;
  const message = await createContactMessage(form.data);
  return { ok: true as const, id: message.id };
}

export default function Connect() {
  const result = useActionData<LeadFormRefusal | { ok: true; id: number }>();
  const refused = result && !result.ok ? result : null;
  const sent = result?.ok ? result : null;
  return (
    <>
      <LeadPageHeader title="Connect with Us" intro="Call, chat on WhatsApp or send a message. A real person at our Lekki showroom will answer." />
      <Container size="lg" className={leads.page}>
        <div className={leads.columns} data-first="narrow">
          <ContactDetailsCard />
          <ContactForm
            values={refused?.values ?? {}}
            errors={refused?.errors ?? {}}
            success={Boolean(sent)}
            failed={Boolean(refused)}
            formKey={sent ? `sent-${sent.id}` : "contact"}
          />
        </div>
      </Container>
    </>
  );
}

export const meta: MetaFunction = () => [
  { title: `Connect with Us | ${site.name}` },
  { name: "description", content: `Call, WhatsApp or message ${site.name} in Lekki, Lagos.` },
];
