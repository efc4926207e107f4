import { type ActionFunctionArgs, data, type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AdminErrorBoundary } from "~/components/admin/AdminErrorBoundary";
import { AdminPage } from "~/components/admin/AdminPage";
import { CarForm } from "~/components/admin/CarForm";
import { requireAdmin } from "~/http/auth.server";
import { saveCarForm } from "~/http/car-form.server";
import { clientIp } from "~/http/request.server";
import { edge } from "~/lib/edge";
import { newFormToken } from "~/models/form-once.server";
import { staffActor } from "~/use-cases/use-case.server";

/** Edge policy (app/lib/edge.ts). */
export const handle = edge({ uploads: ["POST"] });

/** The page's one-time token: submitting the same form twice adds one car (form-once.server.ts). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return { formToken: newFormToken() };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { admin } = await requireAdmin(request);
  const answer = await saveCarForm(request, staffActor(admin, clientIp(context)), null);
  if (answer.ok) return redirect(`/admin/create-listing?done=${answer.done}`);
  const { status, ...failure } = answer;
  return data(failure, { status });
}

export default function AddCar() {
  const { formToken } = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  return (
    <AdminPage
      title="Add New Car"
      description="Fields marked * are required. Photos are optional and can be added later."
    >
      <CarForm
        key={failed ? JSON.stringify(failed.values) : "new"}
        values={failed?.values ?? { financing: "No", registration: "No" }}
        fieldErrors={failed?.fieldErrors ?? {}}
        error={failed?.error}
        notice={failed?.moved ? "info" : "error"}
        submitLabel="Add Car"
        formToken={formToken}
      />
    </AdminPage>
  );
}

export { AdminErrorBoundary as ErrorBoundary };
