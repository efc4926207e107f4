import { beforeEach, describe, expect, it } from "vitest";
import { lagosDate } from "~/lib/lagos-time";
import { loader as interestApi } from "~/routes/api.admin.cars.interest";
import { getSqlite } from "../../db/database.server";
import { adminToken, bearer, respond } from "../../tests/helpers/admin-auth";
import { clearData, makeCar } from "../../tests/helpers/db";
import { loadContext } from "../../tests/helpers/load-context";
import { carInterest, countCarView, interestOf, interestReport, resetViewCounting } from "./car-interest.server";

const NOW = new Date("2026-11-27T12:00:00Z"); // Lagos day 2026-11-27
const daysAgo = (n: number) => new Date(NOW.getTime() - n * 86_400_000);
const iso = (n: number) => daysAgo(n).toISOString();

/** Stored views of a past day (as the counter would have written them). */
function storedViews(carId: number, day: string, views: number, source = "direct") {
  getSqlite()
    .prepare("INSERT INTO car_views (car_id, day, source, views) VALUES (?, ?, ?, ?)")
    .run(carId, day, source, views);
}

function message(carId: number, at: string) {
  getSqlite()
    .prepare("INSERT INTO contact_messages (name, phone, email, message, car_id, created_at) VALUES (?, ?, ?, ?, ?, ?)")
    .run("Ada Obi", "+2348031234567", "ada@example.ng", "Is it still there?", carId, at);
}

function chat(carId: number, at: string) {
  getSqlite()
    .prepare("INSERT INTO whatsapp_clicks (car_id, car_label, from_path, created_at) VALUES (?, ?, ?, ?)")
    .run(carId, "Toyota Camry 2020", "/browse", at);
}

beforeEach(async () => {
  await clearData();
  getSqlite().prepare("DELETE FROM car_views").run();
  resetViewCounting();
});

describe("interest per car", () => {
  it("adds views over 7 days and over the window, by source, with chats and leads of the window", async () => {
    const id = await makeCar({ created_at: iso(40) });
    storedViews(id, "2026-11-25", 3, "whatsapp"); // 2 days ago
    storedViews(id, "2026-11-10", 5); // 17 days ago: in 30 days, not 7
    storedViews(id, "2026-09-01", 50); // outside 30 days
    expect(countCarView({ carId: id, address: "10.0.0.9", source: "copy", at: NOW })).toBe(true);
    message(id, iso(3));
    message(id, iso(45)); // outside
    chat(id, iso(1));
    chat(id, iso(2));
    const figures = (await interestOf([{ id, days_in_stock: 40 }], 30, NOW))[id];
    expect(figures).toEqual({
      car_id: id,
      views_7d: 4,
      views: 9,
      views_by_source: { whatsapp: 3, direct: 5, copy: 1 },
      chat_clicks: 2,
      leads: 1,
      waiting_alerts: 0,
      days_in_stock: 40,
    });
    // A car nobody has looked at has zeros, not nothing.
    const other = await makeCar();
    expect((await interestOf([{ id: other, days_in_stock: 0 }], 30, NOW))[other]).toMatchObject({
      views: 0,
      views_7d: 0,
      chat_clicks: 0,
      leads: 0,
    });
  });

  it("counts the buyers waiting on a confirmed price alert for the car, not the unconfirmed ones", async () => {
    const carId = await makeCar();
    const otherId = await makeCar();
    const db = getSqlite();
    db.prepare("DELETE FROM alert_contacts").run();
    const alert = (email: string, carId: number, status: string, n: number) => {
      db.prepare("INSERT OR IGNORE INTO alert_contacts (email, manage_token, created_at) VALUES (?, ?, ?)").run(
        email,
        `manage-${email}`,
        iso(1),
      );
      db.prepare(
        "INSERT INTO buyer_alerts (email, kind, car_id, status, leave_token, created_at) " +
          "VALUES (?, 'price', ?, ?, ?, ?)",
      ).run(email, carId, status, `leave-${n}`, iso(1));
    };
    alert("ada@example.ng", carId, "active", 1);
    alert("bola@example.ng", carId, "active", 2);
    alert("chi@example.ng", carId, "pending", 3);
    alert("dayo@example.ng", otherId, "ended", 4);
    const figures = await interestOf(
      [
        { id: carId, days_in_stock: 3 },
        { id: otherId, days_in_stock: 3 },
      ],
      30,
      NOW,
    );
    expect(figures[carId].waiting_alerts).toBe(2);
    expect(figures[otherId].waiting_alerts).toBe(0);
  });

  it("runs a sold car's days in stock to its sale", async () => {
    const id = await makeCar({ created_at: iso(50), sold: true });
    getSqlite()
      .prepare(
        `INSERT INTO car_sales (car_id, make, model, year, date_sold, time_sold, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(id, "Toyota", "Camry", 2020, iso(20), "10:00", iso(20));
    expect((await carInterest({ id, created_at: iso(50), sold: true }, 30, NOW)).days_in_stock).toBe(30);
  });

  it("forgets a deleted car's views, and never stores views of a car that is gone", async () => {
    const id = await makeCar();
    countCarView({ carId: id, address: "10.0.0.1", source: "direct", at: NOW });
    countCarView({ carId: 987654, address: "10.0.0.1", source: "direct", at: NOW });
    await interestOf([{ id, days_in_stock: 0 }], 30, NOW);
    expect(getSqlite().prepare("SELECT car_id, views FROM car_views").all()).toEqual([{ car_id: id, views: 1 }]);
    getSqlite().prepare("DELETE FROM cars WHERE id = ?").run(id);
    expect(getSqlite().prepare("SELECT count(*) AS n FROM car_views").get()).toEqual({ n: 0 });
  });
});

describe("GET /api/admin/cars/interest", () => {
  it("answers every unsold car's figures to staff, most viewed first, and refuses a bad window", async () => {
    // The API counts from the real clock.
    const ago = (days: number) => new Date(Date.now() - days * 86_400_000 - 60_000).toISOString();
    const quiet = await makeCar({ model: "Corolla", created_at: ago(10) });
    const popular = await makeCar({ model: "Highlander", created_at: ago(70) });
    await makeCar({ sold: true });
    storedViews(popular, lagosDate(), 7, "meta");
    const { token } = await adminToken("sales2", "sales");
    const url = (q: string) => `http://shop.ng/api/admin/cars/interest${q}`;
    const res = await respond(() =>
      interestApi({
        request: new Request(url("?days=30"), { headers: bearer(token) }),
        params: {},
        context: loadContext(),
      }),
    );
    expect(res.status).toBe(200);
    const body = (await res.json()) as { days: number; cars: Record<string, unknown>[] };
    expect(body.days).toBe(30);
    expect(body.cars.map((c) => c.car_id)).toEqual([popular, quiet]);
    expect(body.cars[0]).toMatchObject({
      title: "Toyota Highlander 2020",
      views: 7,
      views_7d: 7,
      views_by_source: { meta: 7 },
      chat_clicks: 0,
      leads: 0,
      days_in_stock: 70,
    });
    const bad = await respond(() =>
      interestApi({
        request: new Request(url("?days=0"), { headers: bearer(token) }),
        params: {},
        context: loadContext(),
      }),
    );
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: "days must be a whole number from 1 to 365" });
    const anonymous = await respond(() =>
      interestApi({ request: new Request(url("")), params: {}, context: loadContext() }),
    );
    expect(anonymous.status).toBe(401);
  });
});

describe("the report's interest sections", () => {
  it("lists the most viewed, the viewed without leads and the aged stock, over 60 and over 90 days", async () => {
    const star = await makeCar({ model: "Star", created_at: iso(100) });
    const ignored = await makeCar({ model: "Ignored", created_at: iso(70) });
    const fresh = await makeCar({ model: "Fresh", created_at: iso(5) });
    const sold = await makeCar({ model: "Sold", created_at: iso(200), sold: true });
    storedViews(star, "2026-11-20", 30);
    storedViews(ignored, "2026-11-21", 12);
    storedViews(fresh, "2026-11-22", 2);
    storedViews(sold, "2026-11-22", 40);
    storedViews(fresh, "2025-01-01", 500); // outside the range
    message(star, iso(6));
    const report = await interestReport({ from: "2026-11-01", to: "2026-11-27" }, NOW);
    expect(report.mostViewed.map((r) => [r.car_id, r.views, r.leads])).toEqual([
      [sold, 40, 0],
      [star, 30, 1],
      [ignored, 12, 0],
      [fresh, 2, 0],
    ]);
    expect(report.viewedNoLeads.map((r) => r.car_id)).toEqual([ignored, fresh]);
    expect(report.aged.over60).toBe(2);
    expect(report.aged.over90).toBe(1);
    expect(report.aged.cars.map((r) => [r.car_id, r.days_in_stock, r.views])).toEqual([
      [star, 100, 30],
      [ignored, 70, 12],
    ]);
  });
});
