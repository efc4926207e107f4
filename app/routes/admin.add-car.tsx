import { type ActionFunctionArgs, data, type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { useActionData } from "@remix-run/react";
import { AdminErrorBoundary } from "~/components/admin/AdminErrorBoundary";
import { AdminPage } from "~/components/admin/AdminPage";
import { CarForm } from "~/components/admin/CarForm";
import { Notice } from "~/components/admin/Notice";
import { requireAdmin } from "~/http/auth.server";
import { carFormValues, carListingStatus, readCarUpload } from "~/http/car-upload.server";
import type { FormFailure } from "~/http/forms.server";
import { edge } from "~/lib/edge";
import { carTarget, recordActivity } from "~/models/activity.server";
import { addCar, CarListingError } from "~/models/car-listing.server";

/** Edge policy (app/lib/edge.ts). */
export const handle = edge({ uploads: ["POST"] });

type CarFormFailure = Omit<FormFailure, "values"> & { values: Record<string, string | string[]> };

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return null;
}

export async function action({ request }: ActionFunctionArgs) {
  const { admin } = await requireAdmin(request);
  try {
    const { fields, files } = await readCarUpload(request);
    const id = await addCar(fields, files);
    await recordActivity(admin, { action: "car.create", target: await carTarget(id) });
  } catch (e) {
    if (!(e instanceof CarListingError)) throw e;
    const failure: CarFormFailure = {
      ok: false,
      error: `Failed to add car: ${e.message}`,
      fieldErrors: e.fieldErrors,
      values: carFormValues(e.values),
    };
    return data(failure, { status: carListingStatus(e) });
  }
  return redirect("/admin/create-listing?done=added");
}

export default function AddCar() {
  const failed = useActionData<typeof action>();
  return (
    <AdminPage
      title="Add New Car"
      description="Fields marked * are required. Photos are optional and can be added later."
    >
      {failed ? <Notice kind="error">{failed.error}</Notice> : null}
      <CarForm
        key={failed ? JSON.stringify(failed.values) : "new"}
        values={failed?.values ?? { financing: "No", registration: "No" }}
        fieldErrors={failed?.fieldErrors ?? {}}
        submitLabel="Add Car"
      />
    </AdminPage>
  );
}

export { AdminErrorBoundary as ErrorBoundary };
