import { type ActionFunctionArgs, data, type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AdminRouteError } from "~/components/admin/AdminErrorBoundary";
import { AdminPage } from "~/components/admin/AdminPage";
import { CarForm, type CarFormValues } from "~/components/admin/CarForm";
import { Notice } from "~/components/admin/Notice";
import { requireAdmin } from "~/http/auth.server";
import { carFormValues, carListingStatus, readCarUpload } from "~/http/car-upload.server";
import type { FormFailure } from "~/http/forms.server";
import { notFoundIfMissing } from "~/http/responses.server";
import type { Car } from "~/lib/car";
import { edge } from "~/lib/edge";
import { carTarget, recordActivity } from "~/models/activity.server";
import { getCar, parseCarId } from "~/models/car.server";
import { CarListingError, saveCarEdit } from "~/models/car-listing.server";

/** Edge policy (app/lib/edge.ts). */
export const handle = edge({ uploads: ["POST"] });

type CarFormFailure = Omit<FormFailure, "values"> & { values: Record<string, string | string[]> };

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

export async function action({ request, params }: ActionFunctionArgs) {
  const { admin } = await requireAdmin(request);
  const id = parseCarId(params.id);
  try {
    if (!id) throw new CarListingError("Car not found", "not-found");
    const { fields, files } = await readCarUpload(request);
    await saveCarEdit(id, fields, files);
    await recordActivity(admin, { action: "car.update", target: await carTarget(id) });
  } catch (e) {
    if (!(e instanceof CarListingError)) throw e;
    const failure: CarFormFailure = {
      ok: false,
      error: `Failed to update car: ${e.message}`,
      fieldErrors: e.fieldErrors,
      values: carFormValues(e.values),
    };
    return data(failure, { status: carListingStatus(e) });
  }
  return redirect("/admin/create-listing?done=updated");
}

export default function EditCar() {
  const { car } = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  return (
    <AdminPage title="Edit Car Listing" description={`${car.title}${car.sold ? " · Sold" : ""}`}>
      {failed ? <Notice kind="error">{failed.error}</Notice> : null}
      <CarForm
        key={failed ? JSON.stringify(failed.values) : `car-${car.id}-${car.images.join()}`}
        values={failed?.values && Object.keys(failed.values).length ? failed.values : car.values}
        fieldErrors={failed?.fieldErrors ?? {}}
        existingImages={car.images}
        submitLabel="Update Car"
      />
    </AdminPage>
  );
}

export function ErrorBoundary() {
  return <AdminRouteError title="Edit Car Listing" failure="Failed to load car data" notFound="Car not found" />;
}
