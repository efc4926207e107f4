import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { AdminErrorBoundary } from "~/components/admin/AdminErrorBoundary";
import { AdminMantine, mantineChartLinks, mantineLinks } from "~/components/admin/AdminMantine";
import { AdminShell } from "~/components/admin/AdminShell";
import { requireAdmin } from "~/http/auth.server";
import { businessFromMatches } from "~/lib/business";

export async function loader({ request }: LoaderFunctionArgs) {
  const { admin } = await requireAdmin(request);
  return { username: admin.username, role: admin.role };
}

export default function AdminLayout() {
  const { username, role } = useLoaderData<typeof loader>();
  return (
    <AdminMantine>
      <AdminShell username={username} role={role}>
        <Outlet />
      </AdminShell>
    </AdminMantine>
  );
}

export const links: LinksFunction = () => [...mantineLinks, ...mantineChartLinks];

export const meta: MetaFunction = ({ matches }) => {
  const site = businessFromMatches(matches);
  return [{ title: `Back office | ${site.name}` }, { name: "robots", content: "noindex" }];
};

/** The layout's own failure (its guard or loader): the Mantine provider is rendered here, since the layout is not. */
export function ErrorBoundary() {
  return (
    <AdminMantine>
      <AdminErrorBoundary />
    </AdminMantine>
  );
}
