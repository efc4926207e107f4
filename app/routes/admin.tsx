import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { AdminShell } from "~/components/admin/AdminShell";
import { site } from "~/config/site";
import { requireAdmin } from "~/models/auth.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const { admin } = await requireAdmin(request);
  return { username: admin.username };
}

export default function AdminLayout() {
  const { username } = useLoaderData<typeof loader>();
  return (
    <AdminShell username={username}>
      <Outlet />
    </AdminShell>
  );
}

export const meta: MetaFunction = () => [{ title: `Back office | ${site.name}` }, { name: "robots", content: "noindex" }];
