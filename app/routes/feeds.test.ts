import { parse } from "csv-parse/sync";
import { beforeEach, describe, expect, it } from "vitest";
import { getBusiness, saveBusiness } from "~/models/business.server";
import { getDb } from "../../db/database.server";
import { clearData, makeCar } from "../../tests/helpers/db";
import { loadContext } from "../../tests/helpers/load-context";
import { updateSettings } from "../use-cases/settings.server";
import { staffActor } from "../use-cases/use-case.server";
import { loader as metaFeed } from "./feeds.meta-vehicles[.csv]";
import { loader as rssFeed } from "./feeds.new-arrivals[.xml]";

const ORIGIN = "http://shop.ng"; // tests/setup-db.ts's SITE_URL

async function setFeed(on: boolean, publishVins = false) {
  await saveBusiness(getDb(), { ...(await getBusiness()), catalogueFeed: on, publishVins });
}

const callMeta = (headers: Record<string, string> = {}) =>
  metaFeed({
    request: new Request(`${ORIGIN}/feeds/meta-vehicles.csv`, { headers }),
    params: {},
    context: loadContext(),
  });

beforeEach(async () => {
  await clearData();
  await setFeed(false);
});

describe("GET /feeds/meta-vehicles.csv", () => {
  it("answers 404 while the owner has it off", async () => {
    await makeCar();
    const res = await callMeta();
    expect(res.status).toBe(404);
    expect(await res.text()).toBe("Not found");
  });

  it("lists every unsold car with a photo, once, with absolute URLs and NGN prices", async () => {
    await setFeed(true);
    const listed = [
      await makeCar({ make: "Kia", model: "Rio", price: 6_800_000 }),
      await makeCar({ images: ["/uploads/one.jpg", "/uploads/two.jpg"] }),
    ];
    await makeCar({ sold: true });
    await makeCar({ images: [] });
    const res = await callMeta();
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    const text = await res.text();
    expect(text.charCodeAt(0)).not.toBe(0xfeff);
    const rows = parse(text, { columns: true }) as Record<string, string>[];
    expect(rows.map((r) => Number(r.vehicle_id))).toEqual(listed);
    expect(rows[0]).toMatchObject({
      title: "2020 Kia Rio",
      price: "6800000 NGN",
      url: `${ORIGIN}/cars/${listed[0]}-kia-rio-2020?utm_source=meta`,
      "image[0].url": `${ORIGIN}/uploads/test-image.jpg`,
    });
    expect(rows[1]["image[1].url"]).toBe(`${ORIGIN}/uploads/two.jpg`);
  });

  it("streams thousands of cars in batches and follows a change at the next request", async () => {
    await setFeed(true);
    for (let i = 0; i < 1001; i++) await makeCar({ model: `Model ${i}` });
    const first = await callMeta();
    const etag = first.headers.get("ETag") ?? "";
    expect(first.body).toBeInstanceOf(ReadableStream);
    expect((parse(await first.text(), { columns: true }) as unknown[]).length).toBe(1001);
    // Nothing changed: 304 without a body.
    const same = await callMeta({ "If-None-Match": etag });
    expect(same.status).toBe(304);
    await makeCar({ make: "Lexus", model: "RX 350" });
    const next = await callMeta({ "If-None-Match": etag });
    expect(next.status).toBe(200);
    expect((parse(await next.text(), { columns: true }) as unknown[]).length).toBe(1002);
  });

  it("is turned on and off, with the VIN choice, through the settings (a settings write moves the ETag)", async () => {
    await makeCar({ vin: "JTDBR32E720012345" });
    const admin = { id: 1, username: "boss", role: "owner" as const };
    await updateSettings(staffActor(admin, "127.0.0.1"), { catalogueFeed: true });
    const on = await callMeta();
    const etag = on.headers.get("ETag") ?? "";
    expect((parse(await on.text(), { columns: true }) as Record<string, string>[])[0].vin).toBe("");
    await updateSettings(staffActor(admin, "127.0.0.1"), { publishVins: true });
    const withVin = await callMeta({ "If-None-Match": etag });
    expect(withVin.status).toBe(200);
    expect((parse(await withVin.text(), { columns: true }) as Record<string, string>[])[0].vin).toBe(
      "JTDBR32E720012345",
    );
    await updateSettings(staffActor(admin, "127.0.0.1"), { catalogueFeed: false });
    expect((await callMeta()).status).toBe(404);
    await expect(updateSettings(staffActor(admin, "127.0.0.1"), { catalogueFeed: "yes" })).rejects.toMatchObject({
      code: "invalid",
    });
  });
});

describe("GET /feeds/new-arrivals.xml", () => {
  it("lists the 30 newest unsold cars with a photo, newest first", async () => {
    const ids: number[] = [];
    for (let i = 0; i < 33; i++) {
      ids.push(await makeCar({ model: `Model ${i}`, created_at: new Date(Date.UTC(2026, 10, 1, i)).toISOString() }));
    }
    await makeCar({ images: [], created_at: "2026-11-26T00:00:00.000Z" });
    await makeCar({ sold: true, created_at: "2026-11-26T00:00:00.000Z" });
    const res = await rssFeed();
    expect(res.headers.get("Content-Type")).toBe("application/rss+xml; charset=utf-8");
    const xml = await res.text();
    const guids = [...xml.matchAll(/<guid isPermaLink="false">car-(\d+)<\/guid>/g)].map((m) => Number(m[1]));
    expect(guids).toEqual(ids.slice(3).reverse());
  });
});
