import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ContactDetailsCard } from "~/components/leads/ContactDetailsCard";
import { InspectionForm } from "~/components/leads/InspectionForm";
import { LeadPageHeader } from "~/components/leads/LeadPageHeader";
import leads from "~/components/leads/leads.module.css";
import { Container, panelClass } from "~/components/ui/Container";
import { formStamp } from "~/http/bot-guard.server";
import { readLeadFormFields, refusedForm } from "~/http/forms.server";
import { clientIp } from "~/http/request.server";
import { businessFromMatches, logoPreviewMeta } from "~/lib/business";
import { carPath } from "~/lib/car";
import { edge } from "~/lib/edge";
import { carName, inspectionBookedDetail } from "~/lib/lead-messages";
import { addDays, lagosToday, MAX_INSPECTION_DAYS_AHEAD, MAX_LENGTHS } from "~/lib/lead-schemas";
import { parseCarId } from "~/models/car.server";
import { formCar } from "~/models/lead.server";
import { mailEnabled } from "~/models/notifications.server";
import pages from "~/styles/pages.module.css";
import { bookInspection } from "~/use-cases/lead-forms.server";
import { visitorActor } from "~/use-cases/use-case.server";

/** Edge policy (app/lib/edge.ts). */
export const handle = edge({ shared: { query: ["car", "make", "model"] }, leads: "form" });

/**
 * ?car=<id> (a car's "Book an inspection" link) books that car: its make and model prefill the
 * fields and the form names it ("Booking for: …") and sends its id. A sold car is named in a
 * notice instead; an unknown id is ignored. ?make=&model= (older links) prefill the fields alone.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const today = lagosToday();
  const found = await formCar(parseCarId(params.get("car")));
  const car = found && !found.sold ? found : null;
  return {
    stamp: await formStamp(),
    today,
    maxDate: addDays(today, MAX_INSPECTION_DAYS_AHEAD),
    car: car ? { id: car.id, name: carName(car), path: carPath(car) } : null,
    soldCar: found?.sold ? carName(found) : null,
    // The form promises an emailed confirmation only when email is set up.
    mail: mailEnabled(),
    prefill: {
      car_make: (car?.make ?? params.get("make") ?? "").trim().slice(0, MAX_LENGTHS.car_make),
      car_model: (car?.model ?? params.get("model") ?? "").trim().slice(0, MAX_LENGTHS.car_model),
    },
  };
}

/**
 * Books the inspection (the same use case as POST /api/inspections). The car id the form carries
 * is kept when it names a car (a car deleted since the page was opened is dropped: the make and
 * model typed still say which car).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readLeadFormFields(request, context);
  if (!form.ok) return form.response;
  let booked: Awaited<ReturnType<typeof bookInspection>>;
  try {
    booked = await bookInspection(visitorActor(clientIp(context)), form.values, "drop");
  } catch (e) {
    return refusedForm(e, form.values);
  }
  const { inspection, car } = booked;
  const detail = inspectionBookedDetail({
    car: car ? carName(car) : `${inspection.car_make} ${inspection.car_model}`,
    date: inspection.inspection_date,
    phone: inspection.phone,
  });
  return { ok: true as const, id: inspection.id, detail };
}

const STEPS = [
  "Pick a date that suits you: we confirm by phone within one working day.",
  "Our technician checks the engine, gearbox, body, electrics and papers with you.",
  "You get an honest report and a test drive before you decide.",
];

export default function BookInspection() {
  const { today, maxDate, prefill, stamp, car, soldCar, mail } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const refused = result && !result.ok ? result : null;
  const booked = result?.ok ? result : null;
  return (
    <>
      <LeadPageHeader
        title="Book an Inspection"
        intro={
          "See the car in person before you buy. Tell us which car and when, and we will have it ready for you " +
          "at our showroom."
        }
      />
      <Container size="lg" className={leads.page}>
        <div className={leads.columns}>
          <InspectionForm
            values={refused?.values ?? prefill}
            fieldErrors={refused?.fieldErrors ?? {}}
            success={booked?.detail ?? null}
            car={car}
            notice={soldCar ? `The ${soldCar} has been sold. Tell us which car you would like to see instead.` : null}
            error={refused?.error ?? null}
            stamp={stamp}
            minDate={today}
            maxDate={maxDate}
            formKey={booked ? `booked-${booked.id}` : "inspection"}
            emailConfirms={mail}
          />
          <div className={leads.stack}>
            <div className={panelClass()}>
              <h2 className={pages.panelTitle}>What happens next</h2>
              <ul className={pages.steps}>
                {STEPS.map((s) => (
                  <li key={s}>
                    <span className={pages.stepIcon} aria-hidden="true">
                      ✓
                    </span>
                    <span>{s}</span>
                  </li>
                ))}
              </ul>
            </div>
            <ContactDetailsCard title="Questions before you come?" />
          </div>
        </div>
      </Container>
    </>
  );
}

export const meta: MetaFunction = ({ matches }) => {
  const site = businessFromMatches(matches);
  return [
    { title: `Book an Inspection | ${site.name}` },
    { name: "description", content: `Book a free inspection and test drive at ${site.name}, ${site.area}.` },
    ...logoPreviewMeta(matches),
  ];
};

export { RouteErrorBoundary as ErrorBoundary } from "~/components/RouteErrorBoundary";
