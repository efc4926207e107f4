/**
 * The back office's views of inspection bookings, by the day the buyer chose (Lagos calendar):
 * Upcoming (today and later, soonest first: the default), Today, and Past (latest first).
 */

export const INSPECTION_VIEWS = ["upcoming", "today", "past"] as const;
export type InspectionView = (typeof INSPECTION_VIEWS)[number];

export const INSPECTION_VIEW_LABELS: Record<InspectionView, string> = {
  upcoming: "Upcoming",
  today: "Today",
  past: "Past",
};

export const INSPECTION_VIEW_HINTS: Record<InspectionView, string> = {
  upcoming: "Today and later, soonest first.",
  today: "Booked for today.",
  past: "Before today, latest first.",
};

/** The view a `?view=` asks for; Upcoming for anything else. */
export function parseInspectionView(value: string | null | undefined): InspectionView {
  const v = (value ?? "").trim().toLowerCase();
  return (INSPECTION_VIEWS as readonly string[]).includes(v) ? (v as InspectionView) : "upcoming";
}
