import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { beforeEach, describe, expect, it } from "vitest";
import { sessionCookie } from "~/http/cookies.server";
import { SLIDE_LIMIT_MESSAGE } from "~/lib/hero-slide-schema";
import { heroSrcSet } from "~/lib/images";
import { pageActivity } from "~/models/activity.server";
import { catalogVersion } from "~/models/catalog-version.server";
import { listHeroSlides } from "~/models/hero-slides.server";
import { HERO_SLIDES, homeSlides, sizeOlderSlidePhotos } from "~/models/home-media.server";
import { resetLoginThrottle } from "~/models/login-throttle.server";
import { adminToken, bearer, respond } from "../../tests/helpers/admin-auth";
import { cameraPhoto } from "../../tests/helpers/camera-photo";
import { clearData, makeImage, uploadedFiles } from "../../tests/helpers/db";
import { loadContext } from "../../tests/helpers/load-context";
import * as page from "./admin.hero-slides";
import * as listApi from "./api.admin.hero-slides";
import * as oneApi from "./api.admin.hero-slides.$id";
import * as orderApi from "./api.admin.hero-slides.order";

const BASE = "http://localhost";
const payload = (out: unknown) =>
  (out as { data?: unknown; type?: string })?.type === "DataWithResponseInit" ? (out as { data: any }).data : out;
const status = (out: unknown) => (out as { init?: { status?: number } })?.init?.status ?? 200;

beforeEach(async () => {
  await clearData();
  resetLoginThrottle();
});

const photo = async (format: "jpeg" | "png" | "webp" = "jpeg") =>
  new Blob([new Uint8Array(await makeImage(format, 800))], { type: `image/${format}` });

function form(fields: Record<string, string>, file?: Blob): FormData {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.append(k, v);
  if (file) body.append("image", file, "slide.jpg");
  return body;
}

const add = (token: string, fields: Record<string, string>, file?: Blob) =>
  respond(() =>
    listApi.action({
      request: new Request(`${BASE}/api/admin/hero-slides`, {
        method: "POST",
        headers: bearer(token),
        body: form(fields, file),
      }),
      params: {},
      context: loadContext(),
    }),
  );

const one = (token: string, id: number, method: "PUT" | "DELETE", body?: FormData | object) =>
  respond(() =>
    oneApi.action({
      request: new Request(`${BASE}/api/admin/hero-slides/${id}`, {
        method,
        headers: {
          ...bearer(token),
          ...(body && !(body instanceof FormData) ? { "Content-Type": "application/json" } : {}),
        },
        body: body instanceof FormData ? body : body ? JSON.stringify(body) : undefined,
      }),
      params: { id: String(id) },
      context: loadContext(),
    }),
  );

const order = (token: string, body: unknown) =>
  respond(() =>
    orderApi.action({
      request: new Request(`${BASE}/api/admin/hero-slides/order`, {
        method: "PUT",
        headers: { ...bearer(token), "Content-Type": "application/json" },
        body: JSON.stringify(body),
      }),
      params: {},
      context: loadContext(),
    }),
  );

const list = (token: string) =>
  respond(() =>
    listApi.loader({
      request: new Request(`${BASE}/api/admin/hero-slides`, { headers: bearer(token) }),
      params: {},
      context: loadContext(),
    }),
  );

describe("the hero slides API", () => {
  it("adds, edits, reorders and removes slides, in the activity trail and on the home page", async () => {
    const { token } = await adminToken("boss");
    expect((await homeSlides()).map((s) => s.image)).toEqual(HERO_SLIDES);

    const first = await add(
      token,
      { heading: "December sale", text: "Up to 10% off SUVs", link: "/browse" },
      await photo(),
    );
    expect(first.status).toBe(201);
    const a = (await first.json()).slide;
    expect(a).toMatchObject({ heading: "December sale", text: "Up to 10% off SUVs", link: "/browse" });
    expect(a.image).toMatch(/^\/uploads\/[0-9a-f]{32}\./);
    const b = (await (await add(token, { heading: "New arrivals" }, await photo("png"))).json()).slide;
    expect(b).toMatchObject({ text: "", link: null });

    const listed = await (await list(token)).json();
    expect(listed.slides.map((s: { id: number }) => s.id)).toEqual([a.id, b.id]);
    expect(await homeSlides()).toEqual([
      {
        image: a.image,
        heading: "December sale",
        text: "Up to 10% off SUVs",
        link: "/browse",
        srcSet: heroSrcSet(a.image),
      },
      { image: b.image, heading: "New arrivals", text: "", link: null, srcSet: heroSrcSet(b.image) },
    ]);

    expect((await order(token, { ids: [b.id, a.id] })).status).toBe(200);
    expect((await listHeroSlides()).map((s) => s.id)).toEqual([b.id, a.id]);
    const partial = await order(token, { ids: [b.id] });
    expect(partial.status).toBe(400);
    expect((await partial.json()).error).toBe("ids must name every slide once");
    expect((await order(token, { ids: [b.id, b.id] })).status).toBe(400);
    expect((await listHeroSlides()).map((s) => s.id)).toEqual([b.id, a.id]);

    const edited = await one(token, a.id, "PUT", {
      heading: "Year-end sale",
      text: "",
      link: "https://example.com/sale",
    });
    expect(edited.status).toBe(200);
    expect((await edited.json()).slide).toMatchObject({ heading: "Year-end sale", image: a.image });
    const newPhoto = await one(token, a.id, "PUT", form({ heading: "Year-end sale" }, await photo("webp")));
    const replaced = (await newPhoto.json()).slide.image as string;
    expect(replaced).not.toBe(a.image);
    expect(uploadedFiles().some((f) => f.endsWith(a.image.slice("/uploads/".length)))).toBe(false);

    expect((await one(token, b.id, "DELETE")).status).toBe(200);
    expect((await one(token, b.id, "DELETE")).status).toBe(404);
    expect((await listHeroSlides()).map((s) => s.id)).toEqual([a.id]);
    expect(uploadedFiles().some((f) => f.endsWith(b.image.slice("/uploads/".length)))).toBe(false);

    const { entries } = await pageActivity({ kind: "business" }, 1, 10);
    expect(entries.map((e) => e.action)).toEqual([
      "hero.remove",
      "hero.update",
      "hero.update",
      "hero.reorder",
      "hero.add",
      "hero.add",
    ]);
    expect(entries[0]).toMatchObject({ admin_username: "boss" });
  });

  it("refuses a bad photo, a missing photo, bad fields, and a seventh slide", async () => {
    const { token } = await adminToken("boss");
    const filesBefore = uploadedFiles().length;
    const text = await add(token, { heading: "Sale" }, new Blob(["not an image at all"], { type: "image/jpeg" }));
    expect(text.status).toBe(400);
    expect((await text.json()).fields.image).toBeTruthy();
    const none = await add(token, { heading: "Sale" });
    expect(await none.json()).toMatchObject({ fields: { image: "Choose a photo for the slide" } });
    const bad = await add(token, { heading: "", link: "javascript:alert(1)" }, await photo());
    expect(bad.status).toBe(400);
    const fields = (await bad.json()).fields;
    expect(fields.heading).toBe("Heading is required");
    expect(fields.link).toMatch(/page of this site/);
    expect(await listHeroSlides()).toHaveLength(0);
    expect(uploadedFiles()).toHaveLength(filesBefore);

    for (let i = 1; i <= 6; i++) expect((await add(token, { heading: `Slide ${i}` }, await photo())).status).toBe(201);
    const seventh = await add(token, { heading: "Slide 7" }, await photo());
    expect(seventh.status).toBe(409);
    expect((await seventh.json()).error).toBe(SLIDE_LIMIT_MESSAGE);
    expect(await listHeroSlides()).toHaveLength(6);
  });

  it("answers 403 to a sales account on every call", async () => {
    const { token: owner } = await adminToken("boss");
    const id = (await (await add(owner, { heading: "Kept" }, await photo())).json()).slide.id;
    const { token } = await adminToken("seller", "sales");
    expect((await list(token)).status).toBe(403);
    expect((await add(token, { heading: "Mine" }, await photo())).status).toBe(403);
    expect((await order(token, { ids: [id] })).status).toBe(403);
    expect((await one(token, id, "PUT", { heading: "Changed" })).status).toBe(403);
    expect((await one(token, id, "DELETE")).status).toBe(403);
    expect((await listHeroSlides()).map((s) => s.heading)).toEqual(["Kept"]);
  });
});

describe("a slide's photo, sized for the screen", () => {
  const onDisk = (publicPath: string) => path.join(process.env.UPLOADS_DIR!, publicPath.slice("/uploads/".length));
  const variant = (publicPath: string, name: string) => onDisk(publicPath).replace(/\.[a-z]+$/, `.${name}.webp`);

  it("takes a 4000x3000 camera photo over 2 MB, stores it scaled down with 640, 1280 and 1920 px WebP", async () => {
    const { token } = await adminToken("boss");
    const camera = await cameraPhoto();
    expect(camera.length).toBeGreaterThan(2_500_000);
    const res = await add(
      token,
      { heading: "Camera photo" },
      new Blob([new Uint8Array(camera)], { type: "image/jpeg" }),
    );
    expect(res.status).toBe(201);
    const { image } = (await res.json()).slide as { image: string };
    const stored = await sharp(onDisk(image)).metadata();
    expect(Math.max(stored.width ?? 0, stored.height ?? 0)).toBe(2560);
    for (const [name, width] of [
      ["card", 640],
      ["wide", 1280],
      ["full", 1920],
    ] as const) {
      const meta = await sharp(variant(image, name)).metadata();
      expect([name, meta.format, meta.width]).toEqual([name, "webp", width]);
    }
    // The phone's candidate is a small fraction of what was uploaded.
    expect(fs.statSync(variant(image, "card")).size).toBeLessThan(150_000);

    const [slide] = await homeSlides();
    expect(slide.srcSet).toBe(heroSrcSet(image));

    // Removing the slide removes every size.
    expect((await one(token, (await listHeroSlides())[0].id, "DELETE")).status).toBe(200);
    const stem = path.basename(image).replace(/\.[a-z]+$/, "");
    expect(uploadedFiles().filter((f) => path.basename(f).startsWith(stem))).toEqual([]);
  }, 60_000);

  it("refuses a photo over 20 MB with its own message", async () => {
    const { token } = await adminToken("boss");
    const huge = new Blob([new Uint8Array(20 * 1024 * 1024 + 10)], { type: "image/jpeg" });
    const res = await add(token, { heading: "Too big" }, huge);
    expect(res.status).toBe(413);
    expect((await res.json()).error).toBe("A slide's photo must be under 20 MB");
    expect(await listHeroSlides()).toHaveLength(0);
  });

  it("sizes a slide stored before slides had sizes, once, and moves the catalogue version", async () => {
    const { token } = await adminToken("boss");
    const res = await add(token, { heading: "Old slide" }, await photo());
    const { image } = (await res.json()).slide as { image: string };
    for (const name of ["wide", "full"]) fs.rmSync(variant(image, name));
    expect((await homeSlides())[0].srcSet).toBeUndefined(); // shown as stored until sized
    const version = catalogVersion();
    expect(await sizeOlderSlidePhotos()).toBe(1);
    expect(catalogVersion()).toBe(version + 1);
    expect((await homeSlides())[0].srcSet).toBe(heroSrcSet(image));
    expect(await sizeOlderSlidePhotos()).toBe(0);
    expect(catalogVersion()).toBe(version + 1);
  });
});

describe("the Home page screen", () => {
  async function cookieFor(role: "owner" | "sales") {
    const { token } = await adminToken(role === "owner" ? "boss" : "seller", role);
    return (await (await sessionCookie()).serialize(token)).split(";")[0];
  }
  const post = (cookie: string, fields: Record<string, string>, file?: Blob) =>
    page.action({
      request: new Request(`${BASE}/admin/hero-slides`, {
        method: "POST",
        headers: { Cookie: cookie },
        body: form(fields, file),
      }),
      params: {},
      context: loadContext(),
    });

  it("adds, moves, edits and removes through forms, keeping what was typed on a refusal", async () => {
    const cookie = await cookieFor("owner");
    const refused = await post(
      cookie,
      { intent: "add", heading: "Fresh stock", text: "Just landed", link: "ftp://x" },
      await photo(),
    );
    expect(status(refused)).toBe(400);
    expect(payload(refused)).toMatchObject({
      intent: "add",
      values: { heading: "Fresh stock", text: "Just landed", link: "ftp://x" },
      fieldErrors: { link: expect.stringMatching(/page of this site/) },
    });
    const badPhoto = await post(cookie, { intent: "add", heading: "Fresh stock" }, new Blob(["<svg/>"]));
    expect(status(badPhoto)).toBe(400);
    expect(payload(badPhoto).fieldErrors.image).toBeTruthy();

    for (const heading of ["First", "Second"]) {
      const out = (await post(cookie, { intent: "add", heading }, await photo())) as Response;
      expect(out.status).toBe(302);
      expect(out.headers.get("Location")).toBe("/admin/hero-slides?done=add#done");
    }
    const [first, second] = await listHeroSlides();
    await post(cookie, { intent: "down", id: String(first.id) });
    expect((await listHeroSlides()).map((s) => s.heading)).toEqual(["Second", "First"]);
    await post(cookie, { intent: "up", id: String(first.id) });
    expect((await listHeroSlides()).map((s) => s.heading)).toEqual(["First", "Second"]);

    const emptied = await post(cookie, { intent: "edit", id: String(second.id), heading: "", text: "Kept text" });
    expect(status(emptied)).toBe(400);
    expect(payload(emptied)).toMatchObject({ id: second.id, values: { heading: "", text: "Kept text" } });
    await post(cookie, { intent: "edit", id: String(second.id), heading: "Second, renamed", text: "Kept text" });
    expect((await listHeroSlides())[1]).toMatchObject({ heading: "Second, renamed", text: "Kept text" });

    await post(cookie, { intent: "remove", id: String(first.id) });
    expect((await listHeroSlides()).map((s) => s.heading)).toEqual(["Second, renamed"]);

    for (let i = 0; i < 5; i++) await post(cookie, { intent: "add", heading: `More ${i}` }, await photo());
    const seventh = await post(cookie, { intent: "add", heading: "Seventh", text: "typed" }, await photo());
    expect(status(seventh)).toBe(409);
    expect(payload(seventh)).toMatchObject({ message: SLIDE_LIMIT_MESSAGE, values: { heading: "Seventh" } });
  });

  it("asks before removing: ?confirm=remove names the slide, an unknown id asks nothing", async () => {
    const cookie = await cookieFor("owner");
    await post(cookie, { intent: "add", heading: "Weekend offer" }, await photo());
    const [slide] = await listHeroSlides();
    const load = async (query: string) =>
      (await page.loader({
        request: new Request(`${BASE}/admin/hero-slides${query}`, { headers: { Cookie: cookie } }),
        params: {},
        context: loadContext(),
      })) as Awaited<ReturnType<typeof page.loader>>;
    expect((await load(`?confirm=remove&id=${slide.id}`)).confirm).toEqual({ id: slide.id, heading: "Weekend offer" });
    expect((await load("?confirm=remove&id=999")).confirm).toBeNull();
    expect((await load("")).confirm).toBeNull();
    expect(await listHeroSlides()).toHaveLength(1);
  });

  it("answers 403 to a sales account, page and action", async () => {
    const cookie = await cookieFor("sales");
    const loader = await respond(() =>
      page.loader({
        request: new Request(`${BASE}/admin/hero-slides`, { headers: { Cookie: cookie } }),
        params: {},
        context: loadContext(),
      }),
    );
    expect(loader.status).toBe(403);
    const action = await respond(() => post(cookie, { intent: "add", heading: "X" }, undefined));
    expect(action.status).toBe(403);
  });
});
