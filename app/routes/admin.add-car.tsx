import { type ActionFunctionArgs, data, type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { useActionData } from "@remix-run/react";
import { AdminPage } from "~/components/admin/AdminPage";
import { CarForm } from "~/components/admin/CarForm";
import { Notice } from "~/components/admin/Notice";
import { requireAdmin } from "~/models/auth.server";
import type { CarFieldErrors } from "~/lib/car-schema";
import { addCarFromRequest, CarFormError, formValues } from "~/models/car-form.server";

type Failure = { message: string; errors: CarFieldErrors; values: Record<string, string | string[]> };

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return null;
}

export async function action({ request }: ActionFunctionArgs) {
  await requireAdmin(request);
  try {
    await addCarFromRequest(request);
  } catch (e) {
    if (!(e instanceof CarFormError)) throw e;
    const failure: Failure = { message: `Failed to add car: ${e.message}`, errors: e.errors, values: formValues(e.values) };
    return data(failure, { status: e.status });
  }
  return redirect("/admin/create-listing?done=added");
}

export default function AddCar() {
  const failed = useActionData() as Failure | undefined;
  return (
    <AdminPage title="Add New Car" description="Fields marked * are required. Photos are optional and can be added later.">
      {failed ? <Notice kind="error">{failed.message}</Notice> : null}
      <CarForm
        key={failed ? JSON.stringify(failed.values) : "new"}
        values={failed?.values ?? { financing: "No", registration: "No" }}
        errors={failed?.errors ?? {}}
        submitLabel="Add Car"
      />
    </AdminPage>
  );
}
