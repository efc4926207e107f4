import { z } from "zod";
import { isCalendarDate, lagosDate, lagosDateTime } from "./lagos-time";
import { formatNigerianPhone } from "./phone";
import { can, type Role } from "./roles";
import { multiLine } from "./validation";

/**
 * The dealer's leads inbox: the kinds of lead, their statuses, the inbox filters as a query
 * string, and the status change an admin sends (rules in docs/product.md, Leads inbox).
 */

export const LEAD_KINDS = [
  "inspection",
  "contact",
  "loan",
  "newsletter",
  "whatsapp",
  "sourcing",
  "reservation",
] as const;
export type LeadKind = (typeof LEAD_KINDS)[number];

export const LEAD_KIND_LABELS: Record<LeadKind, string> = {
  inspection: "Inspection",
  contact: "Contact message",
  loan: "Loan application",
  newsletter: "Newsletter",
  whatsapp: "WhatsApp click",
  sourcing: "Sourcing request",
  reservation: "Reservation",
};

/**
 * What the figures count a lead as (the registry's generated `category` column):
 * - `lead`: a person to answer: a booking, a message, a completed loan application, a sourcing request;
 * - `signal`: a WhatsApp click or a newsletter sign-up, counted apart;
 * - `incomplete`: a loan application whose client information never came (no one to answer yet).
 */
const LEAD_CATEGORIES = ["lead", "signal", "incomplete"] as const;
export type LeadCategory = (typeof LEAD_CATEGORIES)[number];

/** The kinds of lead a person can answer, and the kinds counted apart. */
export const ANSWERABLE_KINDS = [
  "inspection",
  "contact",
  "loan",
  "sourcing",
  "reservation",
] as const satisfies readonly LeadKind[];
export type AnswerableKind = (typeof ANSWERABLE_KINDS)[number];
export const SIGNAL_KINDS = ["whatsapp", "newsletter"] as const satisfies readonly LeadKind[];
export type SignalKind = (typeof SIGNAL_KINDS)[number];

const isLeadCategory = (value: unknown): value is LeadCategory =>
  (LEAD_CATEGORIES as readonly unknown[]).includes(value);

/** A lead goes new -> contacted -> won or lost; any status may be chosen again to correct a mistake. */
export const LEAD_STATUSES = ["new", "contacted", "won", "lost"] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

export const LEAD_STATUS_LABELS: Record<LeadStatus, string> = {
  new: "New",
  contacted: "Contacted",
  won: "Won",
  lost: "Lost",
};

export const LEAD_NOTE_MAX = 1000;
const SEARCH_MAX = 100;
/** The longest car name or stock number the car filter reads. */
const CAR_TEXT_MAX = 60;

export const isLeadKind = (value: unknown): value is LeadKind => (LEAD_KINDS as readonly unknown[]).includes(value);
const isLeadStatus = (value: unknown): value is LeadStatus => (LEAD_STATUSES as readonly unknown[]).includes(value);

/** The inbox filters; every one optional. Dates are Lagos calendar days, both ends included. */
export interface LeadFilters {
  kind?: LeadKind;
  status?: LeadStatus;
  from?: string;
  to?: string;
  /** A car's id, or its name or stock number as typed ("Camry", "LPA-000012"). */
  car?: number | string;
  q?: string;
  /** Whose leads: `me` (the staff member asking), `none` (nobody's yet) or a staff member's username. */
  assignee?: string;
  /** Leads to answer, the counted-apart signals, incomplete loan applications, or `all` of them. */
  category?: LeadCategory | "all";
  /**
   * Only the leads this staff member (their id) may see: theirs and the new unassigned ones (see
   * `leadScope`). Never read from a query string.
   */
  visibleTo?: number;
}

const LEAD_FILTER_NAMES = ["category", "kind", "status", "from", "to", "car", "q", "assignee"] as const;

const USERNAME_SHAPE = /^[\w.@-]{1,64}$/;

/** Who is asking for leads: a signed-in staff member. */
export interface LeadViewer {
  id: number;
  username: string;
  role: Role;
}

/**
 * Which leads a staff member sees: every one (undefined) with `leads.all`, else their id: the
 * leads assigned to them and the new ones nobody has taken (docs/product.md, Staff and roles).
 */
export function leadScope(viewer: LeadViewer): number | undefined {
  return can(viewer.role, "leads.all") ? undefined : viewer.id;
}

/** Whether `viewer` sees a lead as it stands now (the same rule as `leadScope`'s lists). */
export function seesLead(viewer: LeadViewer, lead: { assignee: string | null; status: LeadStatus }): boolean {
  if (leadScope(viewer) === undefined) return true;
  return lead.assignee === viewer.username || (lead.assignee === null && lead.status === "new");
}

/** The filters for the staff member `me`: `assignee=me` names them, and only the leads they may see. */
export function filtersFor(filters: LeadFilters, me: LeadViewer): LeadFilters {
  const scoped = { ...filters, visibleTo: leadScope(me) };
  return filters.assignee === "me" ? { ...scoped, assignee: me.username } : scoped;
}

/** Reads the inbox filters from a query string; unreadable values are left out and named in `ignored`. */
export function parseLeadFilters(params: URLSearchParams): { filters: LeadFilters; ignored: string[] } {
  const filters: LeadFilters = {};
  const ignored: string[] = [];
  const read = (name: (typeof LEAD_FILTER_NAMES)[number]) => params.get(name)?.trim() || "";
  const category = read("category").toLowerCase();
  if (isLeadCategory(category) || category === "all") filters.category = category;
  else if (category) ignored.push("category");
  const kind = read("kind").toLowerCase();
  if (isLeadKind(kind)) filters.kind = kind;
  else if (kind && kind !== "all") ignored.push("kind");
  const status = read("status").toLowerCase();
  if (isLeadStatus(status)) filters.status = status;
  else if (status && status !== "all") ignored.push("status");
  for (const name of ["from", "to"] as const) {
    const day = read(name);
    if (isCalendarDate(day)) filters[name] = day;
    else if (day) ignored.push(name);
  }
  const car = read("car");
  if (/^\d{1,15}$/.test(car) && Number(car) > 0) filters.car = Number(car);
  else if (/[\p{L}\p{N}]/u.test(car) && car.length <= CAR_TEXT_MAX) filters.car = car;
  else if (car) ignored.push("car");
  const q = read("q");
  if (q) filters.q = q.slice(0, SEARCH_MAX);
  const assignee = read("assignee");
  if (assignee.toLowerCase() === "me" || assignee.toLowerCase() === "none") filters.assignee = assignee.toLowerCase();
  else if (USERNAME_SHAPE.test(assignee)) filters.assignee = assignee;
  else if (assignee && assignee.toLowerCase() !== "all") ignored.push("assignee");
  return { filters, ignored };
}

/** The filters as a canonical query string (no empty values), for links that keep them. */
export function leadFilterQuery(filters: LeadFilters): string {
  const params = new URLSearchParams();
  for (const name of LEAD_FILTER_NAMES) {
    const value = filters[name];
    if (value !== undefined && value !== "") params.set(name, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : "";
}

/** What the inbox shows: one category of lead, or all of them. */
export type LeadView = LeadCategory | "all";
export const LEAD_VIEWS = ["lead", "signal", "incomplete", "all"] as const satisfies readonly LeadView[];
export const LEAD_VIEW_LABELS: Record<LeadView, string> = {
  lead: "To answer",
  signal: "WhatsApp clicks and sign-ups",
  incomplete: "Incomplete loans",
  all: "Everything",
};

/** The kinds a view can hold (the inbox's Kind field offers only these). */
export const VIEW_KINDS: Record<LeadView, readonly LeadKind[]> = {
  lead: ANSWERABLE_KINDS,
  signal: SIGNAL_KINDS,
  incomplete: ["loan"],
  all: LEAD_KINDS,
};

/**
 * The inbox page's filters: without a category or a kind it shows the leads a person can answer
 * (signals and incomplete loan applications are one link away). The API and the exports keep
 * listing everything when no filter is given.
 */
export function inboxFilters(filters: LeadFilters): LeadFilters {
  return filters.category === undefined && filters.kind === undefined ? { ...filters, category: "lead" } : filters;
}

/** The view an inbox's filters show (a kind without a category shows all categories). */
export function leadView(filters: LeadFilters): LeadView {
  return filters.category ?? "all";
}

/** The inbox's address for another view, keeping every filter but the kind. */
export function leadViewHref(filters: LeadFilters, view: LeadView): string {
  const { kind: _kind, ...rest } = filters;
  return `/admin/leads${leadFilterQuery({ ...rest, category: view })}`;
}

/** The detail page's address of a lead. */
export function leadPath(kind: LeadKind, id: number): string {
  return `/admin/leads/${kind}/${id}`;
}

/** A lead's id from a URL segment: an integer (loan leads from client information alone are negative). */
export function parseLeadId(raw: string | undefined | null): number | null {
  if (!raw || !/^-?\d{1,15}$/.test(raw)) return null;
  const id = Number(raw);
  return id === 0 ? null : id;
}

const blankToUndefined = (v: unknown) => (v === "" || v === undefined ? undefined : v);

/**
 * A change to a lead (the detail forms and PATCH /api/admin/leads/<kind>/<id>): a status, a note
 * and/or an assignee (a staff member's username); what is left out stays as it is, a blank note or
 * assignee (or null) clears it.
 */
export const LeadUpdateSchema = z
  .object({
    status: z.preprocess(
      blankToUndefined,
      z.enum(LEAD_STATUSES, { error: `Status must be one of: ${LEAD_STATUSES.join(", ")}` }).optional(),
    ),
    note: z.preprocess(
      (v) => (v === null ? "" : v),
      z
        .string({ error: "Note must be text" })
        .overwrite(multiLine)
        .trim()
        .max(LEAD_NOTE_MAX, { error: `Note must be at most ${LEAD_NOTE_MAX} characters` })
        .transform((v) => (v === "" ? null : v))
        .optional(),
    ),
    assignee: z.preprocess(
      (v) => (v === null ? "" : v),
      z
        .string({ error: "Assignee must be a staff member's username, or null for nobody" })
        .trim()
        .max(64, { error: "Assignee must be a staff member's username, or null for nobody" })
        .transform((v) => (v === "" ? null : v))
        .optional(),
    ),
  })
  .refine((v) => v.status !== undefined || v.note !== undefined || v.assignee !== undefined, {
    error: "Send a status, a note or an assignee",
    path: ["status"],
  });

export type LeadUpdate = z.output<typeof LeadUpdateSchema>;

/** A buyer's phone as a WhatsApp chat address: https://wa.me/<digits>. */
export function whatsappChatUrl(phone: string): string {
  return `https://wa.me/${phone.replace(/\D/g, "")}`;
}

/** A buyer's phone as a tel: link. */
export function telUrl(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, "")}`;
}

/**
 * Who a lead is, for headings and the activity trail: the name, or what it is when there is none
 * (a loan application without client information is "Incomplete": nobody to answer yet).
 */
export function leadName(lead: { kind: LeadKind; name: string | null }): string {
  if (lead.name) return lead.name;
  if (lead.kind === "whatsapp") return "WhatsApp visitor";
  if (lead.kind === "loan") return "Incomplete";
  return "No name given";
}

/**
 * How a status change starts its activity-trail entry ("status New → Contacted; …"): the reports
 * find a lead's first status change by it.
 */
export const STATUS_CHANGE_PREFIX = "status ";

/** The audit-trail entry of a change to a lead: "status New → Contacted; note changed". */
export function leadActivity(
  lead: {
    kind: LeadKind;
    id: number;
    name: string | null;
    status: LeadStatus;
    note: string | null;
    assignee?: string | null;
  },
  change: {
    changed: readonly ("status" | "note" | "assignee")[];
    before: { status: LeadStatus; note: string | null; assignee?: string | null };
  },
) {
  const parts: string[] = [];
  if (change.changed.includes("status"))
    parts.push(
      `${STATUS_CHANGE_PREFIX}${LEAD_STATUS_LABELS[change.before.status]} → ${LEAD_STATUS_LABELS[lead.status]}`,
    );
  if (change.changed.includes("assignee"))
    parts.push(
      lead.assignee ? `assigned to ${lead.assignee}` : `unassigned (was ${change.before.assignee ?? "nobody"})`,
    );
  if (change.changed.includes("note")) parts.push(lead.note ? `note: ${lead.note.slice(0, 200)}` : "note cleared");
  return {
    action: "lead.update" as const,
    target: { id: `${lead.kind}/${lead.id}`, label: `${LEAD_KIND_LABELS[lead.kind]}: ${leadName(lead)}` },
    detail: parts.join("; "),
  };
}

/** The leads CSV (inbox export and the newsletter list): one row per lead, times in Lagos time. */
export const LEAD_CSV_HEADER = [
  "Kind",
  "Id",
  "Received (Lagos time)",
  "Status",
  "Name",
  "Phone",
  "Email",
  "Car id",
  "Car",
  "Car link",
  "Summary",
  "Note",
  "Updated by",
  "Updated at (Lagos time)",
  "Deposit (NGN)",
  "Reservation reference",
  "Reservation status",
  "Hold ends (Lagos time)",
] as const;

/** A reservation lead's own columns in the CSV (empty for other kinds). */
export interface LeadReservationColumns {
  amount: number;
  reference: string;
  /** pending, paid, expired, converted, cancelled, needs_refund or refunded, beside the lead's own status. */
  status: string;
  hold_until: string;
}

/** The car a lead is about, as the inbox, the CSV and the API show it. */
export interface LeadCar {
  id: number;
  /** "Toyota Camry 2020"; for a deleted car, the name the lead recorded (or "Car 12"). */
  title: string;
  /** Whether the car is still in the stock (listed or sold). */
  exists: boolean;
  sold: boolean;
  /** The car's page (absolute, on the site's public address) while it exists. */
  url: string | null;
}

export function leadCsvRow(lead: {
  kind: LeadKind;
  id: number;
  created_at: string;
  status: LeadStatus;
  name: string | null;
  phone: string | null;
  email: string | null;
  car_id: number | null;
  car: LeadCar | null;
  summary: string;
  note: string | null;
  updated_by: string | null;
  updated_at: string | null;
  reservation?: LeadReservationColumns | null;
}) {
  const r = lead.reservation ?? null;
  return [
    LEAD_KIND_LABELS[lead.kind],
    lead.id,
    lagosDateTime(lead.created_at),
    LEAD_STATUS_LABELS[lead.status],
    lead.name,
    lead.phone ? formatNigerianPhone(lead.phone) : null,
    lead.email,
    lead.car_id,
    lead.car ? `${lead.car.title}${lead.car.exists ? "" : " (deleted)"}` : null,
    lead.car?.url ?? null,
    lead.summary,
    lead.note,
    lead.updated_by,
    lagosDateTime(lead.updated_at),
    r?.amount ?? null,
    r?.reference ?? null,
    r?.status ?? null,
    r ? lagosDateTime(r.hold_until) : null,
  ];
}

/** "leads-2026-11-22.csv", or "newsletter-subscribers-2026-11-22.csv" for the newsletter list. */
export function leadCsvFilename(filters: LeadFilters, now: Date = new Date()): string {
  const day = lagosDate(now);
  return filters.kind === "newsletter" ? `newsletter-subscribers-${day}.csv` : `leads-${day}.csv`;
}
