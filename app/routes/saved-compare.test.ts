import { beforeEach, describe, expect, it } from "vitest";
import { SAVED_CARS_COOKIE_NAME, savedCarIds } from "~/http/cookies.server";
import { clearData, makeCar } from "../../tests/helpers/db";
import { loadContext } from "../../tests/helpers/load-context";
import { loader as compare } from "./compare";
import { loader as robots } from "./robots[.]txt";
import { action as save, loader as saved } from "./saved";
import { loader as sitemap } from "./sitemap[.]xml";

beforeEach(clearData);

const args = (url: string, init?: RequestInit) => ({
  request: new Request(`http://shop.ng${url}`, init),
  params: {},
  context: loadContext(),
});

/** POSTs the heart's form without JavaScript, carrying `cookie`; answers the response. */
async function heart(fields: Record<string, string>, cookie = ""): Promise<Response> {
  const res = await save(
    args("/saved", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie },
      body: new URLSearchParams(fields),
    }),
  );
  return res as Response;
}

/** The cookie a Set-Cookie header gives the browser ("name=value"), or "" when it removes it. */
const cookieOf = (res: Response) => {
  const set = res.headers.get("set-cookie") ?? "";
  return /Max-Age=0/i.test(set) ? "" : set.split(";")[0];
};

describe("saved cars without JavaScript", () => {
  it("toggles a car in the cookie and goes back to the page the heart was on", async () => {
    const a = await makeCar({ model: "A" });
    const b = await makeCar({ model: "B" });
    const first = await heart({ id: String(a), back: "/browse?make=Toyota&page=2" });
    expect(first.status).toBe(303);
    expect(first.headers.get("location")).toBe("/browse?make=Toyota&page=2");
    let cookie = cookieOf(first);
    expect(cookie.startsWith(`${SAVED_CARS_COOKIE_NAME}=`)).toBe(true);
    expect(first.headers.get("set-cookie")).toMatch(/HttpOnly/i);
    cookie = cookieOf(await heart({ id: String(b), back: "/" }, cookie));
    expect(await savedCarIds(new Request("http://shop.ng/", { headers: { cookie } }))).toEqual([a, b]);
    const list = await saved(args("/saved", { headers: { cookie } }));
    expect(list.cars.map((c) => c.id)).toEqual([a, b]);
    // The second tap removes it; the last removal drops the cookie.
    cookie = cookieOf(await heart({ id: String(a), back: "/" }, cookie));
    const removedAll = await heart({ id: String(b), back: "/" }, cookie);
    expect(removedAll.headers.get("set-cookie")).toMatch(/Max-Age=0/i);
  });

  it("never sends the visitor to another site, refuses a post without a car, and forgets on request", async () => {
    const a = await makeCar({});
    for (const back of ["//evil.ng/x", "https://evil.ng", "/\\evil.ng", ""]) {
      expect((await heart({ id: String(a), back })).headers.get("location")).toBe("/saved");
    }
    const refused = await heart({ id: "abc", back: "/" });
    expect(refused).toMatchObject({ init: { status: 400 } });
    const cookie = cookieOf(await heart({ id: String(a) }));
    // Sent in the background by JavaScript: no redirect, the cookie goes.
    const forgot = (await save(
      args("/saved", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", cookie },
        body: new URLSearchParams({ intent: "forget" }),
      }),
    )) as unknown as { data: unknown; init: { headers: Record<string, string> } };
    expect(forgot.data).toEqual({ forgotten: true });
    expect(forgot.init.headers["Set-Cookie"]).toMatch(/Max-Age=0/i);
  });

  it("lists the cars named by ?ids= (the browser's own list), sold ones apart", async () => {
    const a = await makeCar({ model: "A" });
    const gone = await makeCar({ model: "Gone", sold: true });
    const b = await makeCar({ model: "B" });
    const list = await saved(args(`/saved?ids=${b},${gone},${a},99999`));
    expect(list.ids).toEqual([b, gone, a, 99999]);
    expect(list.cars.map((c) => c.id)).toEqual([b, a]);
    expect(list.sold).toEqual([{ id: gone, make: "Toyota", model: "Gone", year: 2020 }]);
  });
});

describe("compare", () => {
  it("shows up to three cars in the order named, sold ones too, without back-office fields", async () => {
    const a = await makeCar({ vin: "SECRET", custom_paper: "Yes" });
    const b = await makeCar({ sold: true });
    const data = await compare(args(`/compare?ids=${b},${a}`));
    expect(data.cars.map((c) => c.id)).toEqual([b, a]);
    expect(data.cars[0].sold).toBe(true);
    expect(data.cars[1].customs_duty_paid).toBe(true);
    expect(data.cars[1]).not.toHaveProperty("vin");
  });

  it("redirects the saved list's form (?ids=1&ids=2) and anything else to the canonical ?ids=1,2,3", async () => {
    const redirectOf = async (query: string) => {
      const thrown = await compare(args(`/compare${query}`)).catch((e) => e);
      return thrown instanceof Response ? thrown.headers.get("location") : null;
    };
    expect(await redirectOf("?ids=4&ids=2&ids=4")).toBe("/compare?ids=4,2");
    expect(await redirectOf("?ids=1,2,3,4,5")).toBe("/compare?ids=1,2,3");
    expect(await redirectOf("?ids=1%2C2")).toBeNull();
    expect(await redirectOf("?ids=1,2&utm_source=x")).toBe("/compare?ids=1,2");
    expect(await redirectOf("?ids=")).toBe("/compare");
    expect(await redirectOf("")).toBeNull();
  });
});

describe("sitemap and robots.txt", () => {
  it("lists the public pages and every unsold car at its canonical URL with lastmod, no sold car", async () => {
    const a = await makeCar({ make: "Toyota", model: "Camry", year: 2019 });
    const sold = await makeCar({ sold: true });
    const res = await sitemap();
    expect(res.headers.get("content-type")).toMatch(/^application\/xml/);
    const xml = await res.text();
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org/);
    expect(xml).toContain("<url><loc>http://shop.ng/</loc><lastmod>");
    expect(xml).toContain("<url><loc>http://shop.ng/about</loc></url>");
    expect(xml).toMatch(new RegExp(`<loc>http://shop.ng/cars/${a}-toyota-camry-2019</loc><lastmod>\\d{4}-`));
    expect(xml).not.toContain(`/cars/${sold}-`);
  });

  it("robots.txt names the sitemap by its absolute URL and keeps the back office out", async () => {
    const res = await robots();
    const text = await res.text();
    expect(res.headers.get("content-type")).toMatch(/^text\/plain/);
    expect(text).toContain("Sitemap: http://shop.ng/sitemap.xml");
    expect(text).toContain("Disallow: /admin");
  });
});
