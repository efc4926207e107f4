import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AdminPage } from "~/components/admin/AdminPage";
import { InspectionList } from "~/components/admin/InspectionList";
import { requireAdmin } from "~/models/auth.server";
import { listInspections } from "~/models/lead.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  try {
    return { inspections: await listInspections() };
  } catch (e) {
    console.error("Loading inspection requests failed", e); // SPEC §8: logged only
    return { inspections: [] };
  }
}

export default function Inspections() {
  const { inspections } = useLoaderData<typeof loader>();
  return (
    <AdminPage title="Inspection Requests" description="Buyers who booked a car inspection, newest first.">
      <InspectionList rows={inspections} />
    </AdminPage>
  );
}
