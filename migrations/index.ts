import type { Migration } from "kysely";
import * as initial from "./2026-11-21-0001-initial";
import * as loanApplicationReference from "./2026-11-22-0002-loan-application-reference";
import * as catalogSearch from "./2026-11-22-0003-catalog-search";
import * as leadsDesk from "./2026-11-22-0004-leads-desk";
import * as carPaperwork from "./2026-11-22-0005-car-paperwork";
import * as dealerSettings from "./2026-11-24-0006-dealer-settings";
import * as stockNumber from "./2026-11-24-0008-stock-number";
import * as buyerSearch from "./2026-11-24-0009-buyer-search";
import * as leadAssignee from "./2026-11-24-0011-lead-assignee";
import * as leadFigures from "./2026-11-26-0012-lead-figures";
import * as outbox from "./2026-11-26-0013-outbox";
import * as demoBookings from "./2026-11-26-0014-demo-bookings";
import * as stockNumbers from "./2026-11-27-0015-stock-numbers";
import * as adminPasswordChange from "./2026-11-27-0016-admin-password-change";
import * as carInterest from "./2026-11-27-0017-car-interest";
import * as buyerAlerts from "./2026-11-27-0019-buyer-alerts";
import * as reservations from "./2026-11-27-0021-reservations";
import * as reservationSales from "./2026-11-27-0022-reservation-sales";
import * as whatsappOutbox from "./2026-11-27-0023-whatsapp-outbox";
import * as staffDetails from "./2026-11-27-0024-staff-details";
import * as newsletterConsent from "./2026-11-27-0025-newsletter-consent";
import * as availabilityAlerts from "./2026-11-27-0026-availability-alerts";
import * as sourcingMatches from "./2026-11-27-0027-sourcing-matches";
import * as photosFirst from "./2026-11-27-0028-photos-first";

/** Every migration, by name. Names sort in the order they run; add new ones at the end. */
export const migrations: Record<string, Migration> = {
  "2026-11-21-0001-initial": initial,
  "2026-11-22-0002-loan-application-reference": loanApplicationReference,
  "2026-11-22-0003-catalog-search": catalogSearch,
  "2026-11-22-0004-leads-desk": leadsDesk,
  "2026-11-22-0005-car-paperwork": carPaperwork,
  "2026-11-24-0006-dealer-settings": dealerSettings,
  "2026-11-24-0008-stock-number": stockNumber,
  "2026-11-24-0009-buyer-search": buyerSearch,
  "2026-11-24-0011-lead-assignee": leadAssignee,
  "2026-11-26-0012-lead-figures": leadFigures,
  "2026-11-26-0013-outbox": outbox,
  "2026-11-26-0014-demo-bookings": demoBookings,
  "2026-11-27-0015-stock-numbers": stockNumbers,
  "2026-11-27-0016-admin-password-change": adminPasswordChange,
  "2026-11-27-0017-car-interest": carInterest,
  "2026-11-27-0019-buyer-alerts": buyerAlerts,
  "2026-11-27-0021-reservations": reservations,
  "2026-11-27-0022-reservation-sales": reservationSales,
  "2026-11-27-0023-whatsapp-outbox": whatsappOutbox,
  "2026-11-27-0024-staff-details": staffDetails,
  "2026-11-27-0025-newsletter-consent": newsletterConsent,
  "2026-11-27-0026-availability-alerts": availabilityAlerts,
  "2026-11-27-0027-sourcing-matches": sourcingMatches,
  "2026-11-27-0028-photos-first": photosFirst,
};
