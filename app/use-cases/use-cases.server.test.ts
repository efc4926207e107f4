import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { defaultBusiness } from "~/config/site";
import { carRow, EXPORT_COLUMNS } from "~/lib/car-sheet";
import { csvText } from "~/lib/csv";
import { ContactSchema } from "~/lib/lead-schemas";
import { Refusal } from "~/lib/refusal";
import { DEFAULT_RESERVATION_SETTINGS } from "~/lib/reservations";
import type { ActorRole, Role } from "~/lib/roles";
import { type Admin, createAdmin, ensureFirstAdmin, findAdminByUsername } from "~/models/admin.server";
import { getBusiness, saveBusiness } from "~/models/business.server";
import { getCar } from "~/models/car.server";
import { countDemoStock, setupChecklist } from "~/models/demo/demo-stock.server";
import { insertHeroSlide, listHeroSlides } from "~/models/hero-slides.server";
import { createContactMessage } from "~/models/lead.server";
import { resetLoginThrottle } from "~/models/login-throttle.server";
import { enqueue, recordFailure } from "~/models/outbox.server";
import { saveReservationSettings } from "~/models/reservations.server";
import { saveImage } from "~/models/upload.server";
import { getDb, getSqlite } from "../../db/database.server";
import { TEST_PASSWORD } from "../../tests/helpers/admin-auth";
import { baseCar, clearData, makeCar, makeImage, uploadedFiles } from "../../tests/helpers/db";
import { validClientInfo, validContact, validInspection, validLoanApplication } from "../../tests/helpers/leads";
import { type PaystackStandIn, startPaystackStandIn } from "../../tests/helpers/paystack-stand-in";
import { confirmBuyerAlert, leaveBuyerAlert, removeBuyerAlerts, requestAlert } from "./alerts.server";
import { addCarListing, deleteCarListing, editCarListing, sellCar, unsellCar } from "./cars.server";
import { removeDemoStock } from "./demo.server";
import { addHeroSlide, editHeroSlide, moveHeroSlide, removeHeroSlide, reorderHeroSlides } from "./hero-slides.server";
import {
  applyForCarLoan,
  bookInspection,
  requestSourcing,
  sendClientInfo,
  sendContactMessage,
  sendLoanApplication,
} from "./lead-forms.server";
import { answerLead } from "./leads.server";
import { confirmNewsletter, leaveTheNewsletter, subscribeToNewsletter } from "./newsletter.server";
import { resendMessage, updateNotifications } from "./notifications.server";
import {
  changeReservation,
  confirmReservation,
  paystackWebhook,
  refundReservation,
  startReservation,
  updateReservationSettings,
} from "./reservations.server";
import { setLogo, updateSettings } from "./settings.server";
import { addStaff, changeStaffPassword, removeStaff, setStaffRole, updateStaffDetails } from "./staff.server";
import { importStock } from "./stock-sheet.server";
import { type Actor, runWrite, type StaffActor, staffActor, visitorActor } from "./use-case.server";

async function actor(role: Role): Promise<StaffActor> {
  const username = `table-${role}`;
  const admin: Admin = (await findAdminByUsername(username)) ?? (await createAdmin(username, TEST_PASSWORD, role));
  return staffActor({ id: admin.id, username: admin.username, role }, `10.9.0.${role === "owner" ? 1 : 2}`);
}

const unique = () => Math.random().toString(36).slice(2, 8);
const sale = async () => {
  const id = await makeCar();
  return { id };
};

/** The car form's fields as sent (every value a string, features repeated). */
const carFields = (): Record<string, string | string[]> => ({
  ...Object.fromEntries(Object.entries(baseCar).map(([k, v]) => [k, Array.isArray(v) ? v : String(v)])),
  imageOrder: [],
});

/** A stock sheet of one car, as the export writes it (importing it back updates the car). */
const stockSheet = async () => {
  const car = await getCar(await makeCar());
  if (!car) throw new Error("no car");
  return { name: "stock.csv", bytes: new TextEncoder().encode(csvText([...EXPORT_COLUMNS], [carRow(car)])) };
};

/** A slide made without a role check, for the rows that change one. */
const slide = async () =>
  (await insertHeroSlide(getDb(), { image: "/images/hero-1.webp", heading: "Slide", text: "", link: null })).id;

/** A failed message in the outbox, for the row that resends one. */
const failedMessage = async () => {
  await enqueue(getDb(), [
    { channel: "webhook", topic: "webhook", recipient: "https://hooks.example.com/x", subject: "Lead", payload: "{}" },
  ]);
  const { id } = await getDb().selectFrom("outbox").select("id").orderBy("id", "desc").executeTakeFirstOrThrow();
  await recordFailure(id, "HTTP 500", null);
  return id;
};

/** Paystack for the reservation rows, and email (alerts need it) on. */
let paystack: PaystackStandIn;
const g = globalThis as { __dealershipEnv?: unknown };
beforeAll(async () => {
  paystack = await startPaystackStandIn();
  process.env.PAYSTACK_SECRET_KEY = paystack.key;
  process.env.PAYSTACK_API_URL = paystack.url;
  process.env.SMTP_URL = "smtp://127.0.0.1:2525";
  g.__dealershipEnv = undefined;
});
afterAll(async () => {
  await paystack.close();
  delete process.env.PAYSTACK_SECRET_KEY;
  delete process.env.PAYSTACK_API_URL;
  delete process.env.SMTP_URL;
  g.__dealershipEnv = undefined;
});

const buyer = { name: "Ada Obi", email: "ada@example.com", phone: "0803 555 0142" };

/** A deposit paid at Paystack (not yet confirmed on the site): its reference. */
const paidCheckout = async () => {
  const { reference } = await startReservation(visitorActor("10.9.0.5"), { car_id: await makeCar(), ...buyer });
  paystack.settle(reference, "success");
  return reference;
};

/** A confirmed reservation (deposit paid, car held): its reference. */
const reservation = async () => {
  const reference = await paidCheckout();
  await confirmReservation(visitorActor("10.9.0.5"), reference);
  return reference;
};

/**
 * Who may do a write: only an owner, any staff member (owner or sales), or anyone (a visitor of the
 * public site too, and staff, e.g. booking for a caller).
 */
type Who = "owner" | "staff" | "everyone";

/**
 * Every write use case, admin and public, called with input its actor may send, and who may do it
 * (app/lib/roles.ts). A use case may have more than one row (a password: one's own, a colleague's).
 * A write use case without a row fails "lists every write use case" below.
 */
const TABLE: { useCase: (...args: never[]) => unknown; name: string; who: Who; run: (a: Actor) => Promise<unknown> }[] =
  [
    {
      useCase: addCarListing,
      name: "add a car",
      who: "staff",
      run: async (a) => addCarListing(a, carFields(), [await makeImage()]),
    },
    {
      useCase: editCarListing,
      name: "edit a car",
      who: "staff",
      run: async (a) => editCarListing(a, await makeCar(), carFields(), [await makeImage()]),
    },
    {
      useCase: importStock,
      name: "import a stock sheet",
      who: "staff",
      run: async (a) => importStock(a, await stockSheet(), { dryRun: false }),
    },
    { useCase: sellCar, name: "sell a car", who: "staff", run: async (a) => sellCar(a, await sale()) },
    {
      useCase: deleteCarListing,
      name: "delete a car",
      who: "owner",
      run: async (a) => deleteCarListing(a, await makeCar()),
    },
    {
      useCase: unsellCar,
      name: "put a sold car back on sale",
      who: "owner",
      run: async (a) => {
        const { id } = await sale();
        await sellCar(await actor("owner"), { id });
        return unsellCar(a, { id });
      },
    },
    {
      useCase: updateStaffDetails,
      name: "change a colleague's name and phone",
      who: "owner",
      run: async (a) => {
        const other = await createAdmin(`nm-${unique()}`, "longenough1");
        return updateStaffDetails(a, { username: other.username, displayName: "Chidi Okafor", phone: "0803 555 0142" });
      },
    },
    {
      useCase: updateStaffDetails,
      name: "change one's own name and phone",
      who: "staff",
      run: (a) =>
        updateStaffDetails(a, {
          username: a.kind === "staff" ? a.admin.username : "table-owner",
          displayName: `Me ${unique()}`,
          phone: "",
        }),
    },
    {
      useCase: changeStaffPassword,
      name: "change own password",
      who: "staff",
      run: (a) =>
        changeStaffPassword(a, {
          username: a.kind === "staff" ? a.admin.username : "table-owner",
          newPassword: TEST_PASSWORD,
          currentPassword: TEST_PASSWORD,
        }),
    },
    {
      useCase: addStaff,
      name: "add staff",
      who: "owner",
      run: (a) => addStaff(a, { username: `new-${unique()}`, password: "longenough1", currentPassword: TEST_PASSWORD }),
    },
    {
      useCase: changeStaffPassword,
      name: "reset a colleague's password",
      who: "owner",
      run: async (a) => {
        const other = await createAdmin(`pw-${unique()}`, "longenough1");
        return changeStaffPassword(a, {
          username: other.username,
          newPassword: "another-pass",
          currentPassword: TEST_PASSWORD,
        });
      },
    },
    {
      useCase: removeStaff,
      name: "remove staff",
      who: "owner",
      run: async (a) => {
        const other = await createAdmin(`rm-${unique()}`, "longenough1");
        return removeStaff(a, { username: other.username, currentPassword: TEST_PASSWORD });
      },
    },
    {
      useCase: setStaffRole,
      name: "change a role",
      who: "owner",
      run: async (a) => {
        const other = await createAdmin(`role-${unique()}`, "longenough1");
        return setStaffRole(a, { username: other.username, role: "owner", currentPassword: TEST_PASSWORD });
      },
    },
    {
      useCase: updateSettings,
      name: "change the settings",
      who: "owner",
      run: (a) => updateSettings(a, { tagline: `Tagline ${unique()}` }),
    },
    { useCase: setLogo, name: "upload the logo", who: "owner", run: async (a) => setLogo(a, await makeImage("png")) },
    { useCase: removeDemoStock, name: "remove the demo stock", who: "owner", run: (a) => removeDemoStock(a) },
    {
      useCase: updateNotifications,
      name: "change who is notified",
      who: "owner",
      run: (a) => updateNotifications(a, { recipients: [{ email: `${unique()}@example.ng`, kinds: ["digest"] }] }),
    },
    {
      useCase: resendMessage,
      name: "resend a failed message",
      who: "owner",
      run: async (a) => resendMessage(a, await failedMessage()),
    },
    {
      useCase: addHeroSlide,
      name: "add a hero slide",
      who: "owner",
      run: async (a) => addHeroSlide(a, { heading: "Sale" }, await makeImage()),
    },
    {
      useCase: editHeroSlide,
      name: "edit a hero slide",
      who: "owner",
      run: async (a) => editHeroSlide(a, await slide(), { heading: "New" }, null),
    },
    {
      useCase: removeHeroSlide,
      name: "remove a hero slide",
      who: "owner",
      run: async (a) => removeHeroSlide(a, await slide()),
    },
    {
      useCase: moveHeroSlide,
      name: "move a hero slide",
      who: "owner",
      run: async (a) => moveHeroSlide(a, await slide(), "up"),
    },
    {
      useCase: reorderHeroSlides,
      name: "reorder the hero slides",
      who: "owner",
      run: async (a) => reorderHeroSlides(a, { ids: [...(await listHeroSlides()).map((s) => s.id), await slide()] }),
    },
    {
      useCase: answerLead,
      name: "assign a lead (and set its status)",
      who: "staff",
      run: async (a) => {
        const lead = await createContactMessage(
          getDb(),
          // A lead of its own for each run (a resend of the same message is the same lead, and the
          // owner's run leaves that one assigned to the owner, which a sales account cannot see).
          ContactSchema.parse({ ...validContact(), email: `${unique()}@example.com`, message: `Hello ${unique()}` }),
        );
        return answerLead(a, "contact", lead.id, { assignee: "table-owner", status: "contacted" });
      },
    },
    // The public lead forms.
    {
      useCase: bookInspection,
      name: "book an inspection",
      who: "everyone",
      run: (a) => bookInspection(a, validInspection(), "refuse"),
    },
    {
      useCase: sendContactMessage,
      name: "send a message",
      who: "everyone",
      run: (a) => sendContactMessage(a, validContact(), "refuse"),
    },
    {
      useCase: sendLoanApplication,
      name: "send a loan application (API)",
      who: "everyone",
      run: (a) => sendLoanApplication(a, validLoanApplication()),
    },
    {
      useCase: applyForCarLoan,
      name: "apply for a car's loan (calculator)",
      who: "everyone",
      run: async (a) => applyForCarLoan(a, await makeCar({ financing: true }), { percent: "40", months: "12" }),
    },
    {
      useCase: sendClientInfo,
      name: "send the client information",
      who: "everyone",
      run: async (a) => {
        const loan = await sendLoanApplication(visitorActor("10.9.0.4"), validLoanApplication());
        return sendClientInfo(a, { ...validClientInfo(), loan_application: loan.reference }, "required");
      },
    },
    {
      useCase: requestSourcing,
      name: "ask for a car to be sourced",
      who: "everyone",
      run: (a) => requestSourcing(a, { name: "Bola", phone: "08035550199", car_wanted: "Lexus GX 460", budget: "30m" }),
    },
    // Alerts: asked for on the public site, confirmed and left through the links in their emails.
    {
      useCase: requestAlert,
      name: "ask for a car alert",
      who: "everyone",
      run: (a) => requestAlert(a, { email: `${unique()}@example.ng`, search: "make=Toyota" }),
    },
    {
      useCase: confirmBuyerAlert,
      name: "confirm an alert",
      who: "everyone",
      run: (a) => confirmBuyerAlert(a, unique()),
    },
    { useCase: leaveBuyerAlert, name: "leave an alert", who: "everyone", run: (a) => leaveBuyerAlert(a, unique()) },
    {
      useCase: removeBuyerAlerts,
      name: "remove alerts",
      who: "everyone",
      run: (a) => removeBuyerAlerts(a, unique(), "all"),
    },
    {
      useCase: subscribeToNewsletter,
      name: "sign up for the newsletter",
      who: "everyone",
      run: (a) => subscribeToNewsletter(a, { name: "Reader", email: `${unique()}@example.ng` }, "/"),
    },
    {
      useCase: confirmNewsletter,
      name: "confirm the newsletter",
      who: "everyone",
      run: (a) => confirmNewsletter(a, unique()),
    },
    {
      useCase: leaveTheNewsletter,
      name: "leave the newsletter",
      who: "everyone",
      run: (a) => leaveTheNewsletter(a, unique()),
    },
    // Reservations: the buyer pays a deposit through Paystack (the stand-in); staff handle the hold.
    {
      useCase: startReservation,
      name: "reserve a car (deposit)",
      who: "everyone",
      run: async (a) => startReservation(a, { car_id: await makeCar(), ...buyer }),
    },
    {
      useCase: confirmReservation,
      name: "confirm a payment (callback)",
      who: "everyone",
      run: async (a) => confirmReservation(a, await paidCheckout()),
    },
    {
      useCase: paystackWebhook,
      name: "confirm a payment (webhook)",
      who: "everyone",
      run: async (a) => {
        const { body, signature } = paystack.webhook(await paidCheckout());
        return paystackWebhook(a, Buffer.from(body), signature);
      },
    },
    {
      useCase: changeReservation,
      name: "extend a reservation's hold",
      who: "staff",
      run: async (a) => changeReservation(a, await reservation(), { action: "extend", hours: "24" }),
    },
    {
      useCase: refundReservation,
      name: "refund a deposit",
      who: "owner",
      run: async (a) => refundReservation(a, await reservation()),
    },
    {
      useCase: updateReservationSettings,
      name: "change the reservation settings",
      who: "owner",
      run: (a) =>
        updateReservationSettings(a, {
          enabled: true,
          depositKind: "fixed",
          depositNaira: "100000",
          depositPercent: "5",
          holdHours: "72",
          terms: "Refundable within 3 days.",
        }),
    },
  ];

/**
 * Where each write use case is reached: the page actions and the /api routes (files of app/routes)
 * that call it, directly or through app/http. Both channels call the same function, so they cannot
 * drift; a write with one channel only says why in `only`.
 */
const CHANNELS: Record<string, { pages: string[]; api: string[]; only?: string }> = {
  // The car form posts to its own page without JavaScript, to /admin/car-upload with it; both call
  // saveCarForm (app/http), which adds or edits.
  addCarListing: {
    pages: ["admin.add-car.tsx", "admin.edit-car.$id.tsx", "admin_.car-upload.ts"],
    api: ["api.cars.ts"],
  },
  editCarListing: {
    pages: ["admin.add-car.tsx", "admin.edit-car.$id.tsx", "admin_.car-upload.ts"],
    api: ["api.cars.$id.ts"],
  },
  importStock: { pages: ["admin.import.tsx"], api: ["api.cars.import.ts"] },
  sellCar: { pages: ["admin.create-listing.tsx"], api: ["api.cars.mark-sold.ts"] },
  deleteCarListing: { pages: ["admin.create-listing.tsx"], api: ["api.cars.$id.ts"] },
  unsellCar: { pages: ["admin.create-listing.tsx"], api: ["api.cars.unsell.ts"] },
  updateStaffDetails: {
    pages: ["admin.admin-management.tsx"],
    api: [],
    only: "names and phones are edited on the staff page; the API's staff routes manage accounts, roles and passwords",
  },
  changeStaffPassword: {
    pages: ["admin.admin-management.tsx", "admin_.change-password.tsx"],
    api: ["api.admin.change-password.ts"],
  },
  addStaff: { pages: ["admin.admin-management.tsx"], api: ["api.admin.add.ts"] },
  removeStaff: { pages: ["admin.admin-management.tsx"], api: ["api.admin.remove.ts"] },
  setStaffRole: { pages: ["admin.admin-management.tsx"], api: ["api.admin.role.ts"] },
  updateSettings: { pages: ["admin.settings.tsx"], api: ["api.admin.settings.ts"] },
  setLogo: { pages: ["admin.settings.tsx"], api: ["api.admin.settings.logo.ts"] },
  removeDemoStock: { pages: ["admin._index.tsx"], api: ["api.admin.demo.remove.ts"] },
  updateNotifications: { pages: ["admin.notifications.tsx"], api: ["api.admin.notifications.ts"] },
  resendMessage: {
    pages: ["admin.outbox.tsx"],
    api: [],
    only: "the outbox is a back-office screen; no API lists its messages to resend",
  },
  addHeroSlide: { pages: ["admin.hero-slides.tsx", "admin_.slide-upload.ts"], api: ["api.admin.hero-slides.ts"] },
  editHeroSlide: { pages: ["admin.hero-slides.tsx", "admin_.slide-upload.ts"], api: ["api.admin.hero-slides.$id.ts"] },
  removeHeroSlide: { pages: ["admin.hero-slides.tsx"], api: ["api.admin.hero-slides.$id.ts"] },
  moveHeroSlide: {
    pages: ["admin.hero-slides.tsx"],
    api: [],
    only: "the page's up and down buttons (no JavaScript needed); the API sends the whole order (reorderHeroSlides)",
  },
  reorderHeroSlides: {
    pages: [],
    api: ["api.admin.hero-slides.order.ts"],
    only: "the API's whole new order; the page moves one slide at a time (moveHeroSlide)",
  },
  answerLead: { pages: ["admin.leads.$kind.$id.tsx"], api: ["api.admin.leads.$kind.$id.ts"] },
  bookInspection: { pages: ["book-inspection.tsx"], api: ["api.inspections.ts"] },
  sendContactMessage: { pages: ["connect.tsx"], api: ["api.contact.ts"] },
  sendLoanApplication: {
    pages: [],
    api: ["api.loan-applications.ts"],
    only: "the API sends the figures; the page's calculator sends a deposit share and a period (applyForCarLoan)",
  },
  applyForCarLoan: {
    pages: ["financing.$id.tsx"],
    api: [],
    only: "the calculator's Apply for Loan; the API sends the figures themselves (sendLoanApplication)",
  },
  sendClientInfo: { pages: ["loan-application.tsx"], api: ["api.client-info.ts"] },
  requestSourcing: { pages: ["browse.tsx"], api: ["api.sourcing.ts"] },
  requestAlert: { pages: ["alerts._index.tsx"], api: ["api.alerts.ts"] },
  confirmBuyerAlert: {
    pages: ["alerts.confirm.$token.tsx"],
    api: [],
    only: "the link in the confirmation email, opened in a browser",
  },
  leaveBuyerAlert: { pages: ["alerts.leave.$token.tsx"], api: ["api.alerts.leave.$token.ts"] },
  removeBuyerAlerts: {
    pages: ["alerts.manage.$token.tsx"],
    api: [],
    only: "the page of an address's alerts, opened from an alert email's link",
  },
  subscribeToNewsletter: { pages: ["_index.tsx"], api: ["api.newsletter.ts"] },
  confirmNewsletter: {
    pages: ["newsletter.confirm.$token.tsx"],
    api: [],
    only: "the link in the confirmation email, opened in a browser",
  },
  leaveTheNewsletter: { pages: ["newsletter.leave.$token.tsx"], api: ["api.newsletter.leave.$token.ts"] },
  startReservation: { pages: ["reservations.tsx"], api: ["api.reservations.ts"] },
  confirmReservation: {
    pages: ["reservations_.callback.tsx"],
    api: [],
    only: "Paystack sends the buyer's browser back to this page after paying",
  },
  paystackWebhook: { pages: [], api: ["api.paystack.webhook.ts"], only: "Paystack's server calls it" },
  changeReservation: {
    pages: ["admin_.reservations.$reference.tsx"],
    api: ["api.admin.reservations.$reference.ts"],
  },
  refundReservation: {
    pages: ["admin_.reservations.$reference.tsx"],
    api: ["api.admin.reservations.$reference.refund.ts"],
  },
  updateReservationSettings: { pages: ["admin.settings.tsx"], api: ["api.admin.reservations.settings.ts"] },
};

beforeEach(async () => {
  await clearData();
  resetLoginThrottle();
  await saveBusiness(getDb(), defaultBusiness);
  await getDb().deleteFrom("reservations").execute();
  await saveReservationSettings(getDb(), { ...DEFAULT_RESERVATION_SETTINGS, enabled: true });
});

/** The roles each `Who` allows. */
const MAY: Record<Who, ActorRole[]> = {
  owner: ["owner"],
  staff: ["owner", "sales"],
  everyone: ["owner", "sales", "visitor"],
};

describe("use case x role", () => {
  for (const row of TABLE) {
    it(`${row.name} (${row.useCase.name}): ${MAY[row.who].join(", ")}; anyone else is forbidden`, async () => {
      for (const role of ["owner", "sales", "visitor"] as const) {
        const a = role === "visitor" ? visitorActor("10.9.0.3") : await actor(role);
        const run = row.run(a);
        if (MAY[row.who].includes(role)) await expect(run, role).resolves.not.toThrow();
        else await expect(run, role).rejects.toMatchObject({ code: "forbidden" });
      }
    });
  }
});

// The channels: read from the source, so a new write, or a route that starts calling one, is seen.
const ROOT = path.resolve(__dirname, "../..");
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), "utf8");
const parse = (file: string) => ts.createSourceFile(file, read(file), ts.ScriptTarget.Latest, true);
const codeFiles = (dir: string) =>
  fs
    .readdirSync(path.join(ROOT, dir))
    .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f))
    .map((f) => `${dir}/${f}`);

/** The exported functions of app/use-cases that write: they call runWrite, or a function of their module that does. */
function writeUseCases(): string[] {
  const found: string[] = [];
  for (const file of codeFiles("app/use-cases").filter((f) => !f.endsWith("/use-case.server.ts"))) {
    const functions = parse(file).statements.filter(
      (n): n is ts.FunctionDeclaration => ts.isFunctionDeclaration(n) && Boolean(n.name && n.body),
    );
    const body = new Map(functions.map((f) => [f.name?.text ?? "", f.body?.getText() ?? ""]));
    const writing = new Set([...body].filter(([, text]) => /\brunWrite\(/.test(text)).map(([name]) => name));
    for (let grew = true; grew; ) {
      grew = false;
      for (const [name, text] of body) {
        if (!writing.has(name) && [...writing].some((w) => new RegExp(`\\b${w}\\(`).test(text))) {
          writing.add(name);
          grew = true;
        }
      }
    }
    const exported = functions.filter((f) => f.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword));
    found.push(...exported.map((f) => f.name?.text ?? "").filter((name) => writing.has(name)));
  }
  return found.sort();
}

/** The names a file imports (as values) from app/use-cases and from app/http, by the imported file. */
function valueImports(file: string): { from: string; names: string[] }[] {
  const out: { from: string; names: string[] }[] = [];
  for (const node of parse(file).statements) {
    if (!ts.isImportDeclaration(node) || node.importClause?.isTypeOnly) continue;
    const spec = (node.moduleSpecifier as ts.StringLiteral).text;
    const from = spec.startsWith("~/")
      ? `app/${spec.slice(2)}`
      : spec.startsWith(".")
        ? path.posix.join(path.posix.dirname(file), spec)
        : spec;
    const bindings = node.importClause?.namedBindings;
    const names = bindings && ts.isNamedImports(bindings) ? bindings.elements.filter((e) => !e.isTypeOnly) : [];
    out.push({ from, names: names.map((e) => (e.propertyName ?? e.name).text) });
  }
  return out;
}

/**
 * For each write use case, the route files that reach it: importing it, or a function of app/http
 * that calls it (the car form's upload: admin_.car-upload.ts → saveCarForm → addCarListing).
 */
function routesReaching(useCases: string[]): Map<string, string[]> {
  const wanted = new Set(useCases);
  const viaHttp = new Map<string, string[]>(); // "app/http/x.server#fn" -> the use cases it calls
  for (const file of codeFiles("app/http")) {
    const imported = valueImports(file)
      .filter((i) => i.from.startsWith("app/use-cases/"))
      .flatMap((i) => i.names.filter((n) => wanted.has(n)));
    for (const node of parse(file).statements) {
      if (!ts.isFunctionDeclaration(node) || !node.name || !node.body) continue;
      const text = node.body.getText();
      const calls = imported.filter((n) => new RegExp(`\\b${n}\\(`).test(text));
      viaHttp.set(`${file.replace(/\.ts$/, "")}#${node.name.text}`, calls);
    }
  }
  const reach = new Map<string, string[]>(useCases.map((u) => [u, []]));
  for (const file of codeFiles("app/routes")) {
    const names = new Set<string>();
    for (const i of valueImports(file)) {
      for (const n of i.names) {
        if (i.from.startsWith("app/use-cases/") && wanted.has(n)) names.add(n);
        for (const u of viaHttp.get(`${i.from}#${n}`) ?? []) names.add(u);
      }
    }
    for (const n of names) reach.get(n)?.push(file.replace("app/routes/", ""));
  }
  for (const list of reach.values()) list.sort();
  return reach;
}

describe("use case x channel (page and API)", () => {
  const writes = writeUseCases();

  it("lists every write use case, admin and public, in the role table and the channel table", () => {
    expect(writes).toEqual(
      expect.arrayContaining(["addCarListing", "bookInspection", "requestAlert", "startReservation"]),
    );
    expect([...new Set(TABLE.map((r) => r.useCase.name))].sort(), "rows of TABLE").toEqual(writes);
    expect(Object.keys(CHANNELS).sort(), "keys of CHANNELS").toEqual(writes);
  });

  it("reaches each write from exactly the page actions and /api routes the table names", () => {
    const reach = routesReaching(writes);
    for (const name of writes) {
      const channels = CHANNELS[name] ?? { pages: [], api: [] };
      expect(reach.get(name), name).toEqual([...channels.pages, ...channels.api].sort());
      for (const page of channels.pages)
        expect(page.startsWith("api."), `${name}: ${page} is an API route`).toBe(false);
      for (const api of channels.api) expect(api.startsWith("api."), `${name}: ${api} is not an API route`).toBe(true);
    }
  });

  it("gives each write a page and an API, or says why it has one only", () => {
    for (const [name, c] of Object.entries(CHANNELS)) {
      const both = c.pages.length > 0 && c.api.length > 0;
      expect(both || Boolean(c.only), `${name}: add its missing channel, or say why in \`only\``).toBe(true);
      expect(both && Boolean(c.only), `${name} has both channels now: drop its \`only\``).toBe(false);
    }
  });

  it("applies the closed-day rule in the booking use case only (page and API call it)", () => {
    const routes = codeFiles("app/routes").filter((f) => /inspectionDayError|closedDayError/.test(read(f)));
    expect(routes).toEqual([]);
    expect(read("app/use-cases/lead-forms.server.ts")).toMatch(/inspectionDayError\(/);
  });
});

describe("one transaction per write", () => {
  /** The activity table refuses every insert, as a full disk or a broken trail would. */
  const breakTheTrail = () =>
    getSqlite().exec(
      "CREATE TRIGGER test_activity_refused BEFORE INSERT ON activity BEGIN SELECT RAISE(ABORT, 'trail down'); END",
    );
  const mendTheTrail = () => getSqlite().exec("DROP TRIGGER IF EXISTS test_activity_refused");

  it("keeps no change when its activity entry cannot be written", async () => {
    const owner = await actor("owner");
    const id = await makeCar();
    const filesBefore = uploadedFiles().sort();
    const trail = () => getDb().selectFrom("activity").select("id").execute();
    const trailBefore = await trail();
    breakTheTrail();
    try {
      await expect(updateSettings(owner, { name: "Never Saved Motors" })).rejects.toThrow(/trail down/);
      await expect(sellCar(owner, { id, salePrice: "1000" })).rejects.toThrow(/trail down/);
      await expect(deleteCarListing(owner, id)).rejects.toThrow(/trail down/);
      await expect(addCarListing(owner, carFields(), [await makeImage()])).rejects.toThrow(/trail down/);
      await expect(addHeroSlide(owner, { heading: "Never", text: "", link: "" }, await makeImage())).rejects.toThrow(
        /trail down/,
      );
    } finally {
      mendTheTrail();
    }
    expect((await getBusiness()).name).toBe(defaultBusiness.name);
    expect((await getCar(id))?.sold).toBe(false);
    expect(await getDb().selectFrom("car_sales").selectAll().execute()).toEqual([]);
    expect(await getDb().selectFrom("cars").select("id").execute()).toEqual([{ id }]);
    expect(await listHeroSlides()).toEqual([]);
    expect(await trail()).toEqual(trailBefore);
    // The photos written before the transaction are removed again.
    expect(uploadedFiles().sort()).toEqual(filesBefore);
  });

  it("keeps no lead when its outbox messages cannot be written (the public forms too)", async () => {
    getSqlite().exec(
      "CREATE TRIGGER test_outbox_refused BEFORE INSERT ON outbox BEGIN SELECT RAISE(ABORT, 'outbox down'); END",
    );
    const visitor = visitorActor("10.9.0.6");
    await updateNotifications(await actor("owner"), {
      recipients: [{ email: "sales@example.ng", kinds: ["inspection", "contact", "loan", "sourcing"] }],
    });
    try {
      // Email is on (see beforeAll): each lead queues a staff alert (and the buyer's confirmation) with it.
      await expect(bookInspection(visitor, validInspection(), "refuse")).rejects.toThrow(/outbox down/);
      await expect(sendContactMessage(visitor, validContact(), "refuse")).rejects.toThrow(/outbox down/);
      const sourcing = { name: "Bola", phone: "08035550199", car_wanted: "Lexus GX 460" };
      await expect(requestSourcing(visitor, sourcing)).rejects.toThrow(/outbox down/);
      const loan = await sendLoanApplication(visitor, validLoanApplication());
      const client = { ...validClientInfo(), loan_application: loan.reference };
      await expect(sendClientInfo(visitor, client, "required")).rejects.toThrow(/outbox down/);
    } finally {
      getSqlite().exec("DROP TRIGGER IF EXISTS test_outbox_refused");
    }
    for (const table of ["inspections", "contact_messages", "sourcing_requests", "client_infos"] as const) {
      expect(await getDb().selectFrom(table).select("id").execute(), table).toEqual([]);
    }
    // The loan application alone is no lead: the registry holds nothing.
    expect(await getDb().selectFrom("leads").select("kind").where("category", "=", "lead").execute()).toEqual([]);
    // Once the outbox takes messages again, the same booking goes through with its confirmation.
    await bookInspection(visitor, validInspection(), "refuse");
    expect(await getDb().selectFrom("outbox").select("topic").execute()).toContainEqual({ topic: "confirmation" });
  });

  it("refuses getDb() inside an open transaction instead of waiting for the connection forever", async () => {
    const owner = await actor("owner");
    await expect(runWrite(owner, "settings.edit", async () => getDb())).rejects.toThrow(/inside an open transaction/);
    // After the transaction, the connection is free again.
    expect(await getDb().selectFrom("cars").select("id").execute()).toEqual([]);
  });
});

describe("a fresh install", () => {
  it("makes its first admin an owner, once", async () => {
    await getDb().deleteFrom("admins").execute();
    expect(await ensureFirstAdmin("founder", undefined)).toMatchObject({ created: true });
    expect(await ensureFirstAdmin("second", "longenough1")).toEqual({ created: false });
    expect(await getDb().selectFrom("admins").select(["username", "role"]).execute()).toEqual([
      { username: "founder", role: "owner" },
    ]);
  });
});

describe("the last owner", () => {
  it("can be neither removed nor demoted", async () => {
    await getDb().deleteFrom("admins").execute();
    const owner = await actor("owner");
    const other = await actor("sales");
    const demote = setStaffRole(owner, {
      username: owner.admin.username,
      role: "sales",
      currentPassword: TEST_PASSWORD,
    });
    await expect(demote).rejects.toMatchObject({ message: "The last owner cannot be made a sales account" });
    await setStaffRole(owner, { username: other.admin.username, role: "owner", currentPassword: TEST_PASSWORD });
    // Two owners now: one may step down, then the other is the last again.
    await setStaffRole(owner, { username: owner.admin.username, role: "sales", currentPassword: TEST_PASSWORD });
    const promoted = { ...other, admin: { ...other.admin, role: "owner" as const } };
    const removeLast = removeStaff(promoted, { username: promoted.admin.username, currentPassword: TEST_PASSWORD });
    await expect(removeLast).rejects.toBeInstanceOf(Refusal);
    expect((await findAdminByUsername(promoted.admin.username))?.role).toBe("owner");
  });
});

describe("removing the demo stock", () => {
  it("removes every demo car with its photos and sales, and the sample bookings; nothing else", async () => {
    const photo = await saveImage(await makeImage("jpeg"));
    const demoSold = await makeCar({ images: [photo] });
    const demoOther = await makeCar();
    const own = await makeCar({ make: "Lexus", images: [] });
    await getDb().updateTable("cars").set({ demo: 1 }).where("id", "in", [demoSold, demoOther]).execute();
    // Two sample bookings of the demo, and a real buyer's booking of a demo car, which stays.
    const booking = (name: string, demo: number, carId: number | null) => ({
      name,
      phone: "+2348031234567",
      email: `${name.toLowerCase().replace(/ /g, ".")}@example.ng`,
      car_make: "Toyota",
      car_model: "Camry",
      inspection_date: "2026-12-01",
      other_info: null,
      car_id: carId,
      created_at: new Date().toISOString(),
      demo,
    });
    await getDb()
      .insertInto("inspections")
      .values([booking("Aisha Bello", 1, null), booking("Kemi Ogunleye", 1, null), booking("Real Buyer", 0, demoSold)])
      .execute();
    const owner = await actor("owner");
    await sellCar(owner, { ...(await sale()), id: demoSold });
    await sellCar(owner, { ...(await sale()), id: own });
    expect(await countDemoStock()).toEqual({ cars: 2, bookings: 2 });
    expect((await setupChecklist()).find((i) => i.key === "demo")).toMatchObject({
      done: false,
      label: "Remove the demo stock (2 cars and 2 sample bookings)",
    });
    const files = uploadedFiles().filter((f) => f.includes(photo.slice(9, 25)));
    expect(files.length).toBeGreaterThan(1);

    expect(await removeDemoStock(owner)).toEqual({
      removed: 2,
      bookings: 2,
      message: "Demo stock removed: 2 cars and 2 sample bookings. Your own cars, leads and accounts stay.",
    });
    expect(await countDemoStock()).toEqual({ cars: 0, bookings: 0 });
    const cars = await getDb().selectFrom("cars").select("id").execute();
    expect(cars.map((c) => c.id)).toContain(own);
    expect(cars.map((c) => c.id)).not.toContain(demoSold);
    const sales = await getDb().selectFrom("car_sales").select("car_id").execute();
    expect(sales.map((s) => s.car_id)).toContain(own);
    expect(sales).toHaveLength(sales.filter((s) => s.car_id === own).length);
    for (const f of files) expect(fs.existsSync(f)).toBe(false);
    // The real booking stays, in the inspections and in the inbox; the samples left both.
    expect(await getDb().selectFrom("inspections").select("name").execute()).toEqual([{ name: "Real Buyer" }]);
    const inbox = await getDb().selectFrom("leads").select("name").where("kind", "=", "inspection").execute();
    expect(inbox).toEqual([{ name: "Real Buyer" }]);
    expect(await findAdminByUsername(owner.admin.username)).toBeDefined();
    const checklist = await setupChecklist();
    expect(checklist.find((i) => i.key === "demo")).toMatchObject({ done: true, label: "Remove the demo stock" });
    expect(checklist.find((i) => i.key === "own-car")).toMatchObject({ done: true });
    expect(await removeDemoStock(owner)).toEqual({
      removed: 0,
      bookings: 0,
      message: "There was no demo stock left to remove.",
    });
  });

  it("counts sample bookings left after the demo cars went (an install upgraded after removing them)", async () => {
    const owner = await actor("owner");
    await getDb()
      .insertInto("inspections")
      .values({
        name: "Ngozi Eze",
        phone: "+2348031234567",
        email: "ngozi.eze@example.ng",
        car_make: "Honda",
        car_model: "Accord",
        inspection_date: "2026-12-01",
        other_info: null,
        car_id: null,
        created_at: new Date().toISOString(),
        demo: 1,
      })
      .execute();
    expect((await setupChecklist()).find((i) => i.key === "demo")).toMatchObject({
      done: false,
      label: "Remove the demo stock (1 sample booking)",
    });
    expect(await removeDemoStock(owner)).toMatchObject({ removed: 0, bookings: 1 });
  });
});

describe("mark sold at the agreed price", () => {
  it("stores salePrice, or the list price when left out", async () => {
    const owner = await actor("owner");
    const first = await sale();
    await sellCar(owner, { ...first, salePrice: "23,500,000" });
    const second = await sale();
    await sellCar(owner, second);
    const rows = await getDb()
      .selectFrom("car_sales")
      .select(["car_id", "price", "sale_price"])
      .orderBy("id")
      .execute();
    expect(rows).toEqual([
      { car_id: first.id, price: 25_000_000, sale_price: 23_500_000 },
      { car_id: second.id, price: 25_000_000, sale_price: 25_000_000 },
    ]);
    const refused = sellCar(owner, { ...(await sale()), salePrice: "-5" });
    await expect(refused).rejects.toMatchObject({
      code: "invalid",
      fieldErrors: { salePrice: "salePrice cannot be negative" },
    });
  });
});

describe("put back on sale", () => {
  it("removes the sale record, makes the car available and records what the sale was", async () => {
    const owner = await actor("owner");
    const { id } = await sale();
    await sellCar(owner, { id, salePrice: "23,500,000" });
    expect(await unsellCar(owner, { id })).toEqual({ id });
    expect((await getCar(id))?.sold).toBe(false);
    expect(await getDb().selectFrom("car_sales").selectAll().where("car_id", "=", id).execute()).toEqual([]);
    const entry = await getDb()
      .selectFrom("activity")
      .select(["action", "detail", "changes", "target_id"])
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(entry).toEqual({
      action: "car.unsold",
      target_id: String(id),
      detail: "Sale for ₦23,500,000 removed",
      changes: JSON.stringify([{ field: "status", from: "Sold", to: "Available" }]),
    });
    // Once on sale, there is nothing to undo; it can be sold again.
    await expect(unsellCar(owner, { id })).rejects.toMatchObject({ code: "invalid" });
    await sellCar(owner, { id });
    expect((await getCar(id))?.sold).toBe(true);
    await expect(unsellCar(owner, { id: 999_999 })).rejects.toMatchObject({ code: "not_found" });
  });

  it("leaves a sale that came with a reservation deposit", async () => {
    const owner = await actor("owner");
    const { id } = await sale();
    await sellCar(owner, { id });
    await getDb().updateTable("car_sales").set({ reservation_reference: "LPA-RES-1", deposit: 500_000 }).execute();
    await expect(unsellCar(owner, { id })).rejects.toMatchObject({ code: "conflict" });
    expect((await getCar(id))?.sold).toBe(true);
  });
});

describe("the activity trail names what changed", () => {
  const lastEntry = () =>
    getDb()
      .selectFrom("activity")
      .select(["action", "detail", "changes"])
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();

  it("an edited car: each field changed with its old and new value", async () => {
    const owner = await actor("owner");
    const id = await makeCar({ price: 32_000_000, mileage: 40_000 });
    await editCarListing(owner, id, { ...carFields(), price: "30,500,000", mileage: "42000" }, []);
    const entry = await lastEntry();
    expect(entry.action).toBe("car.update");
    expect(JSON.parse(entry.changes ?? "[]")).toEqual([
      { field: "price", from: "₦32,000,000", to: "₦30,500,000" },
      { field: "mileage", from: "40,000", to: "42,000" },
    ]);
    expect(entry.detail).toBe("price ₦32,000,000 → ₦30,500,000, mileage 40,000 → 42,000");
  });
});

describe("the activity trail names what changed, never a secret", () => {
  const entries = async (n: number) =>
    (await getDb().selectFrom("activity").select(["action", "changes"]).orderBy("id", "desc").limit(n).execute()).map(
      (e) => ({ action: e.action, changes: JSON.parse(e.changes ?? "[]") }),
    );

  it("settings, staff and slides", async () => {
    const owner = await actor("owner");
    await updateSettings(owner, { name: "Ade Motors", catalogueFeed: !defaultBusiness.catalogueFeed });
    const other = await createAdmin(`chidi-${unique()}`, "longenough1");
    await updateStaffDetails(owner, { username: other.username, displayName: "Chidi Okafor", phone: "0803 555 0142" });
    await setStaffRole(owner, { username: other.username, role: "owner", currentPassword: TEST_PASSWORD });
    await changeStaffPassword(owner, {
      username: other.username,
      newPassword: "a-secret-password",
      currentPassword: TEST_PASSWORD,
    });
    const id = await slide();
    await editHeroSlide(owner, id, { heading: "December sale", text: "", link: "" }, null);
    expect(await entries(5)).toEqual([
      { action: "hero.update", changes: [{ field: "heading", from: "Slide", to: "December sale" }] },
      { action: "admin.password", changes: [{ field: "password", secret: true }] },
      { action: "admin.role", changes: [{ field: "role", from: "Sales", to: "Owner" }] },
      {
        action: "admin.details",
        changes: [
          { field: "display name", from: "—", to: "Chidi Okafor" },
          { field: "phone", from: "—", to: "+234 803 555 0142" },
        ],
      },
      {
        action: "settings.update",
        changes: [
          { field: "name", from: defaultBusiness.name, to: "Ade Motors" },
          {
            field: "catalogue feed",
            from: defaultBusiness.catalogueFeed ? "Yes" : "No",
            to: defaultBusiness.catalogueFeed ? "No" : "Yes",
          },
        ],
      },
    ]);
    const trail = JSON.stringify(await getDb().selectFrom("activity").selectAll().execute());
    expect(trail).not.toContain("a-secret-password");
    expect(await findAdminByUsername(other.username)).toMatchObject({
      display_name: "Chidi Okafor",
      phone: "+2348035550142",
    });
  });

  it("refuses a bad phone and another's details from a sales account", async () => {
    const owner = await actor("owner");
    const sales = await actor("sales");
    await expect(
      updateStaffDetails(owner, { username: sales.admin.username, displayName: "Bola", phone: "12345" }),
    ).rejects.toMatchObject({
      code: "invalid",
      fieldErrors: { phone: "Enter a Nigerian mobile number, e.g. 0803 555 0142" },
    });
    await expect(
      updateStaffDetails(sales, { username: owner.admin.username, displayName: "Not me", phone: "" }),
    ).rejects.toMatchObject({ code: "forbidden" });
    await updateStaffDetails(sales, { username: sales.admin.username, displayName: "Bola Ade", phone: "" });
    expect(await findAdminByUsername(sales.admin.username)).toMatchObject({ display_name: "Bola Ade", phone: null });
  });
});
