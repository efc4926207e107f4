import { beforeEach, describe, expect, it } from "vitest";
import { clearData, countSubscribers, makeCar } from "../../tests/helpers/db";
import { leadFormRequest } from "../../tests/helpers/leads";
import { loadContext } from "../../tests/helpers/load-context";
import { action, loader } from "./_index";

beforeEach(clearData);

const post = async (fields: Record<string, string>, cookie?: string) => {
  const request = await leadFormRequest("/?index", fields);
  if (cookie) request.headers.set("Cookie", cookie);
  return action({ request, params: {}, context: loadContext() });
};

/** Remix's data() result: { data, init }. */
type Result = {
  data: { ok: boolean; error?: string; fieldErrors?: Record<string, string>; values?: Record<string, string> };
  init: ResponseInit | null;
};

const load = async (url: string, cookie?: string) =>
  await loader({
    request: new Request(`http://x${url}`, { headers: cookie ? { Cookie: cookie } : {} }),
    params: {},
    context: loadContext(),
  });

describe("home newsletter action", () => {
  it("subscribes and remembers the entry for this visitor only", async () => {
    const res = (await post({ intent: "newsletter", name: "Ada", email: "Ada@Example.com" })) as unknown as Result;
    expect(res.data).toEqual({ ok: true, entry: { name: "Ada", email: "ada@example.com" } });
    const setCookie = new Headers(res.init?.headers).get("Set-Cookie")!;
    expect(setCookie).toMatch(/^newsletter=/);
    expect(setCookie).toContain("HttpOnly");
    const cookie = setCookie.split(";")[0];
    expect((await load("/", cookie)).subscribed).toEqual([{ name: "Ada", email: "ada@example.com" }]);
    expect((await load("/")).subscribed).toEqual([]);
    // A tampered cookie is ignored.
    expect((await load("/", cookie.replace(/.$/, "x"))).subscribed).toEqual([]);
  });

  it("answers 400, not 500, to a body that is not a form", async () => {
    for (const [type, body] of [
      ["application/json", '{"intent":"newsletter"}'],
      ["text/plain", "hello"],
      ["multipart/form-data; boundary=x", "broken"],
    ]) {
      const res = (await action({
        request: new Request("http://x/?index", { method: "POST", headers: { "Content-Type": type }, body }),
        params: {},
        context: loadContext(),
      })) as unknown as Result;
      expect(res.init?.status).toBe(400);
      expect(res.data.ok).toBe(false);
    }
    expect(await countSubscribers()).toBe(0);
  });

  it("refuses a missing name and a bad email with 400, keeping what was typed", async () => {
    const missing = (await post({ intent: "newsletter", name: "", email: "ada@example.com" })) as unknown as Result;
    expect(missing.init?.status).toBe(400);
    expect(missing.data.fieldErrors).toEqual({ name: "Name is required" });
    expect(missing.data.values).toMatchObject({ name: "", email: "ada@example.com" });
    const bad = (await post({ intent: "newsletter", name: "Ada", email: "ada@localhost" })) as unknown as Result;
    expect(bad.init?.status).toBe(400);
    expect(bad.data.fieldErrors).toEqual({ email: "Enter a valid email address" });
    expect(await countSubscribers()).toBe(0);
  });

  it("stores a repeated email once and still answers success", async () => {
    await post({ intent: "newsletter", name: "Ada", email: "ada@example.com" });
    const again = (await post({ intent: "newsletter", name: "Ada", email: "ADA@example.com" })) as unknown as Result;
    expect(again.data.ok).toBe(true);
    expect(await countSubscribers()).toBe(1);
  });
});

describe("home loader", () => {
  it("sends the cards no back-office fields", async () => {
    await makeCar({ make: "Toyota", model: "Camry", condition: "New" });
    const data = await load("/");
    for (const car of [...data.recent, ...data.collection.cars, ...data.tab.cars]) {
      for (const key of ["vin", "car_history", "other_info"]) expect(car).not.toHaveProperty(key);
    }
    expect(data.tab.cars).toHaveLength(1);
  });

  it("pages the collection, picks the condition tab and counts body types", async () => {
    for (let i = 0; i < 14; i++)
      await makeCar({
        model: `M${i}`,
        condition: i % 2 ? "New" : "Foreign Used",
        body_type: i < 3 ? "SUV" : "Sedan",
        created_at: `2026-01-${String(i + 1).padStart(2, "0")}T00:00:00.000Z`,
      });
    await makeCar({ model: "Sold", sold: true });
    const first = await load("/");
    expect(first.recent.map((c) => c.model)).toEqual(["M13", "M12", "M11", "M10", "M9", "M8"]);
    expect(first.collection.cars).toHaveLength(12);
    expect(first.collection.pageCount).toBe(2);
    expect(first.tab.value).toBe("new");
    expect(first.tab.cars.every((c) => c.condition === "New")).toBe(true);
    expect(first.tiles.find((t) => t.type === "SUV")?.count).toBe(3);
    expect(first.slides).toHaveLength(4);
    expect(first.gallery).toHaveLength(8);
    const second = await load("/?page=2&condition=nigerian-used");
    expect(second.collection.cars.map((c) => c.model)).toEqual(["M1", "M0"]);
    expect(second.tab.cars).toEqual([]);
    expect((await load("/?condition=foreign-used")).tab.cars.every((c) => c.condition === "Foreign Used")).toBe(true);
    expect((await load("/?condition=bogus&page=abc")).tab.value).toBe("new");
  });
});
