import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ContactDetailsCard } from "~/components/leads/ContactDetailsCard";
import { ContactForm } from "~/components/leads/ContactForm";
import { LeadPageHeader } from "~/components/leads/LeadPageHeader";
import leads from "~/components/leads/leads.module.css";
import { Container } from "~/components/ui/Container";
import { formStamp } from "~/http/bot-guard.server";
import { readLeadFormFields, refusedForm } from "~/http/forms.server";
import { clientIp } from "~/http/request.server";
import { businessFromMatches, logoPreviewMeta } from "~/lib/business";
import { carPath } from "~/lib/car";
import { edge } from "~/lib/edge";
import { carName, messageSentDetail } from "~/lib/lead-messages";
import { formatNaira } from "~/lib/money";
import { parseCarId } from "~/models/car.server";
import { formCar } from "~/models/lead.server";
import { sendContactMessage } from "~/use-cases/lead-forms.server";
import { visitorActor } from "~/use-cases/use-case.server";

/** Edge policy (app/lib/edge.ts). */
export const handle = edge({ shared: { query: ["car"] }, leads: "form" });

/**
 * ?car=<id> (a car's "Ask about this car" link): the message is about that car. The form names it
 * ("About: …"), sends its id and starts the message with a question about it; an unknown id is
 * ignored.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const car = await formCar(parseCarId(new URL(request.url).searchParams.get("car")));
  return {
    stamp: await formStamp(),
    car: car ? { id: car.id, name: carName(car), path: carPath(car), price: formatNaira(car.price) } : null,
    prefill: (car
      ? { message: `Hello, I am interested in the ${carName(car)}. Is it still available?` }
      : {}) as Record<string, string>,
  };
}

/**
 * Sends the message (the same use case as POST /api/contact); the car id it carries is kept when it
 * names a car (else dropped, see above).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readLeadFormFields(request, context);
  if (!form.ok) return form.response;
  let sent: Awaited<ReturnType<typeof sendContactMessage>>;
  try {
    sent = await sendContactMessage(visitorActor(clientIp(context)), form.values, "drop");
  } catch (e) {
    return refusedForm(e, form.values);
  }
  const { message, car } = sent;
  const detail = messageSentDetail({ car: car ? carName(car) : null, phone: message.phone, email: message.email });
  return { ok: true as const, id: message.id, detail };
}

export default function Connect() {
  const { stamp, car, prefill } = useLoaderData<typeof loader>();
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
        {/* A question about a car (from its page) puts the form first: the buyer came to write. */}
        <div className={leads.columns} data-first={car ? undefined : "narrow"}>
          {car ? null : <ContactDetailsCard />}
          <ContactForm
            values={refused?.values ?? (sent ? {} : prefill)}
            fieldErrors={refused?.fieldErrors ?? {}}
            success={sent?.detail ?? null}
            car={car}
            error={refused?.error ?? null}
            stamp={stamp}
            formKey={sent ? `sent-${sent.id}` : "contact"}
          />
          {car ? <ContactDetailsCard /> : null}
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
