import { getDb } from "../../db/database.server";

/**
 * Buyer leads: inspection bookings, contact messages, loan applications and client information.
 * (Newsletter subscriptions live in newsletter.server.ts.)
 */

export interface Inspection {
  id: number;
  name: string;
  phone: string;
  email: string;
  car_make: string;
  car_model: string;
  inspection_date: string;
  other_info: string | null;
  created_at: string;
}

/** Every inspection request, newest booking first. */
export async function listInspections(): Promise<Inspection[]> {
  return getDb()
    .selectFrom("inspections")
    .selectAll()
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .execute();
}
