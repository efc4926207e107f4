import { type ActionFunctionArgs, data, type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AdminRouteError } from "~/components/admin/AdminErrorBoundary";
import { AdminPage } from "~/components/admin/AdminPage";
import { CarForm, type CarFormValues } from "~/components/admin/CarForm";
import { requireAdmin } from "~/http/auth.server";
import { saveCarForm } from "~/http/car-form.server";
import { clientIp } from "~/http/request.server";
import { notFoundIfMissing } from "~/http/responses.server";
import type { Car } from "~/lib/car";
import { edge } from "~/lib/edge";
import { getCar, parseCarId } from "~/models/car.server";
import { staffActor } from "~/use-cases/use-case.server";

/** Edge policy (app/lib/edge.ts). */
export const handle = edge({ uploads: ["POST"] });

/** The car as the form's text values (yes/no for booleans, the key features as a list). */
function carValues(car: Car): CarFormValues {
  const v: CarFormValues = {};
  for (const [k, x] of Object.entries(car)) {
    if (k === "images" || k === "id" || k === "sold" || k === "created_at") continue;
    if (k === "keyfeatures") v[k] = car.keyfeatures;
    else if (typeof x === "boolean") v[k] = x ? "Yes" : "No";
    else v[k] = x === null || x === undefined ? "" : String(x);
  }
  return v;
}

/** An unknown id is a 404; any other failure reaches the error boundary ('Failed to load car data'). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const id = parseCarId(params.id);
  const car = notFoundIfMissing(id ? await getCar(id) : null, "Car not found");
  return {
    car: {
      id: car.id,
      title: `${car.make} ${car.model} ${car.year}`,
      sold: car.sold,
      images: car.images,
      values: carValues(car),
    },
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { admin } = await requireAdmin(request);
  const id = parseCarId(params.id);
  if (!id) throw new Response("Car not found", { status: 404 });
  const answer = await saveCarForm(request, staffActor(admin, clientIp(context)), id);
  if (answer.ok) return redirect(`/admin/create-listing?done=${answer.done}`);
  const { status, ...failure } = answer;
  return data(failure, { status });
}

export default function EditCar() {
  const { car } = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  return (
    <AdminPage title="Edit Car Listing" description={`${car.title}${car.sold ? " · Sold" : ""}`}>
      <CarForm
        key={failed ? JSON.stringify(failed.values) : `car-${car.id}-${car.images.join()}`}
        values={failed?.values && Object.keys(failed.values).length ? failed.values : car.values}
        fieldErrors={failed?.fieldErrors ?? {}}
        error={failed?.error}
        notice={failed?.moved ? "info" : "error"}
        existingImages={car.images}
        carId={car.id}
        submitLabel="Update Car"
      />
    </AdminPage>
  );
}

export function ErrorBoundary() {
  return <AdminRouteError title="Edit Car Listing" failure="Failed to load car data" notFound="Car not found" />;
}
