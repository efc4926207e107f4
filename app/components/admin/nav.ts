import { can, type Permission, type Role } from "~/lib/roles";

interface NavItem {
  to: string;
  label: string;
  icon: string;
  /** Shown only to roles with this permission (the page itself answers 403 to the others). */
  permission?: Permission;
}

/** The back office's side navigation (see docs/product.md, Back office). */
export const ADMIN_NAV: readonly NavItem[] = [
  { to: "/admin", label: "Dashboard", icon: "M3 13h8V3H3v10zm0 8h8v-6H3v6zm10 0h8V11h-8v10zm0-18v6h8V3h-8z" },
  {
    to: "/admin/leads",
    label: "Leads",
    icon: "M4 4h16v11h-5a3 3 0 0 1-6 0H4V4zm0 13h3.5a5 5 0 0 0 9 0H20v3H4v-3z",
  },
  {
    to: "/admin/alerts",
    label: "Buyer Alerts",
    icon: "M12 2a7 7 0 0 0-7 7v5l-2 3v1h18v-1l-2-3V9a7 7 0 0 0-7-7zm0 20a3 3 0 0 0 3-3H9a3 3 0 0 0 3 3z",
    permission: "alerts.read",
  },
  { to: "/admin/create-listing", label: "Create Listing", icon: "M3 5h18v2H3V5zm0 6h18v2H3v-2zm0 6h12v2H3v-2z" },
  { to: "/admin/add-car", label: "Add Car", icon: "M11 5h2v6h6v2h-6v6h-2v-6H5v-2h6V5z" },
  {
    to: "/admin/import",
    label: "Import / Export",
    icon: "M11 3h2v9.2l3.6-3.6L18 10l-6 6-6-6 1.4-1.4 3.6 3.6V3zM4 18h16v3H4v-3z",
  },
  {
    to: "/admin/inspections",
    label: "Inspections",
    icon: "M9 2h6v2h4v18H5V4h4V2zm0 4H7v14h10V6h-2v2H9V6zm1 6h6v2h-6v-2zm0 4h6v2h-6v-2z",
  },
  {
    to: "/admin/admin-management",
    label: "Admin Management",
    icon: "M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zm0 2c-4 0-8 2-8 5v1h16v-1c0-3-4-5-8-5z",
  },
  { to: "/admin/report", label: "Reports", icon: "M5 3h2v18H5V3zm6 6h2v12h-2V9zm6 4h2v8h-2v-8z" },
  {
    to: "/admin/activity",
    label: "Activity",
    icon: "M13 3a9 9 0 1 1-8.5 6H7a7 7 0 1 0 6-4V3zm-1 5h2v5l4 2-1 1.7-5-2.7V8zM3 4l4 4H3V4z",
  },
  {
    to: "/admin/hero-slides",
    label: "Home Page",
    icon: "M4 5h16v14H4V5zm2 2v8l4-4 3 3 2-2 3 3V7H6zm9 1.5a1.5 1.5 0 1 1 0 3 1.5 1.5 0 0 1 0-3z",
    permission: "home.edit",
  },
  {
    to: "/admin/notifications",
    label: "Notifications",
    icon:
      "M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22zm7-6V11a7 7 0 0 0-5.5-6.84V3a1.5 1.5 0 0 0-3 0" +
      "v1.16A7 7 0 0 0 5 11v5l-2 2v1h18v-1l-2-2z",
    permission: "notifications.manage",
  },
  {
    to: "/admin/outbox",
    label: "Outbox",
    icon: "M3 5h18v14H3V5zm2 2v.5l7 4.5 7-4.5V7H5zm0 2.9V17h14V9.9l-7 4.5-7-4.5z",
    permission: "notifications.manage",
  },
  {
    to: "/admin/settings",
    label: "Settings",
    icon:
      "M12 8a4 4 0 1 1 0 8 4 4 0 0 1 0-8zm-1-6h2l.5 3 2 .9 2.5-1.8 1.4 1.4-1.8 2.5.9 2 3 .5v2l-3 .5-.9 2 " +
      "1.8 2.5-1.4 1.4-2.5-1.8-2 .9-.5 3h-2l-.5-3-2-.9-2.5 1.8-1.4-1.4 1.8-2.5-.9-2-3-.5v-2l3-.5.9-2L4.6 " +
      "5.5 6 4.1l2.5 1.8 2-.9.5-3z",
    permission: "settings.edit",
  },
];

/** The links a role may use. */
export function navFor(role: Role): readonly NavItem[] {
  return ADMIN_NAV.filter((item) => !item.permission || can(role, item.permission));
}

export function isActive(pathname: string, to: string): boolean {
  if (to === "/admin") return pathname === "/admin" || pathname === "/admin/";
  return (
    pathname === to ||
    pathname.startsWith(`${to}/`) ||
    (to === "/admin/create-listing" && pathname.startsWith("/admin/edit-car"))
  );
}
