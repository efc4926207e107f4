// The owner's home page slides: added with a photo in the back office, shown on the home page at
// the next request (page cache included), moved and removed; a sales account neither sees nor
// opens the screen. With and without JavaScript, and screenshots at phone and desktop widths.
import fs from "node:fs";
import http from "node:http";
import type { Page } from "playwright-core";
import { beforeEach, describe, expect, it } from "vitest";
import { addStaff, bearerToken, SCREEN_SIZES, shootScreens } from "./back-office";
import { field, JS_MODES, screenshot, settled, setupE2E } from "./harness";

const app = setupE2E({ browser: true, server: { env: { PAGE_CACHE_MB: "16" } } });

/** Each test starts from no slides (a failed one may leave some). */
async function clearSlides(): Promise<void> {
  const auth = { Authorization: `Bearer ${await bearerToken(app)}` };
  const { slides } = await (await fetch(app.url("/api/admin/hero-slides"), { headers: auth })).json();
  for (const { id } of slides as { id: number }[]) {
    const res = await fetch(app.url(`/api/admin/hero-slides/${id}`), { method: "DELETE", headers: auth });
    expect(res.status).toBe(200);
  }
}

async function addSlide(page: Page, heading: string, text: string, photo: string): Promise<void> {
  const form = page.getByRole("form", { name: "Add a slide" });
  await field(form, "Heading").fill(heading);
  await form.getByLabel("Short text").fill(text);
  await form.getByLabel("Link (optional)").fill("/browse");
  await form.locator('input[name="image"]').setInputFiles(`public/images/${photo}`);
  await form.getByRole("button", { name: "Add slide" }).click();
  await page.getByText("Slide added. The home page shows it now.").waitFor();
  await page.getByRole("link", { name: `Remove "${heading}"` }).waitFor();
}

/** Remove, asked first: No keeps the slide, Yes removes it. */
async function removeSlide(page: Page, heading: string, { thinkAgain }: { thinkAgain: boolean }): Promise<void> {
  const remove = page.getByRole("link", { name: `Remove "${heading}"` });
  if (thinkAgain) {
    await remove.click();
    await page.getByText("Remove this slide?").waitFor();
    await page.getByRole("link", { name: "No", exact: true }).click();
    await page.getByText("Remove this slide?").waitFor({ state: "hidden" });
    await expect(remove.count()).resolves.toBe(1);
  }
  await remove.click();
  await page.getByText(`"${heading}" leaves the home page and its photo is deleted.`).waitFor();
  await page.getByRole("button", { name: "Yes" }).click();
  await page.getByText("Slide removed.").waitFor();
  await remove.waitFor({ state: "detached" });
}

/** The home page held on its first slide (reduced motion stops the slideshow, which could move on under load). */
async function openHome(js: boolean): Promise<Page> {
  const home = await app.newPage({ js });
  await home.emulateMedia({ reducedMotion: "reduce" });
  await app.go(home, "/");
  return home;
}

async function homeHeading(js: boolean): Promise<string> {
  const home = await openHome(js);
  return (await home.getByTestId("hero-heading").textContent()) ?? "";
}

describe.each(JS_MODES)("hero slides $label", ({ js }) => {
  beforeEach(clearSlides);

  it("an owner adds slides with photos, the home page shows them, then reorders and removes them", {
    timeout: 150_000,
  }, async () => {
    for (let i = 0; i < 2; i++) await fetch(app.url("/")); // warm the page cache
    expect(await homeHeading(js)).toBe("Drive home your next car with confidence");
    const first = js ? "December deals JS" : "December deals";
    const second = js ? "Fresh Tokunbo arrivals JS" : "Fresh Tokunbo arrivals";
    const page = await app.open("/admin/hero-slides", { js, admin: true });
    await page.getByText("No slides yet").waitFor();
    await addSlide(page, first, "Up to 10% off selected SUVs", "gallery-1.webp");
    await addSlide(page, second, "Inspected, duty paid, ready to drive", "gallery-2.webp");

    const home = await openHome(js);
    await expect(home.getByTestId("hero-heading").textContent()).resolves.toBe(first);
    await expect(home.locator('[data-testid="hero-slide"]').count()).resolves.toBe(2);
    await expect(home.getByRole("link", { name: "Find out more" }).getAttribute("href")).resolves.toBe("/browse");
    const src = await home.locator('[data-testid="hero-slide"]').first().getAttribute("src");
    expect(src).toMatch(/^\/uploads\//);
    expect((await fetch(app.url(src ?? ""))).status).toBe(200);

    if (js) {
      for (const [size, viewport] of SCREEN_SIZES) {
        const shot = await shootScreens(app, viewport, [[`hero-slides-admin-${size}`, "/admin/hero-slides"]]);
        // The first slide stays put (reduced motion stops the slideshow): shot once its photo is drawn.
        await shot.emulateMedia({ reducedMotion: "reduce" });
        await shot.goto(app.url("/"));
        await shot
          .locator('[data-testid="hero-slide"][data-active="true"]')
          .evaluate((img: HTMLImageElement) => img.decode());
        await settled(shot);
        await screenshot(shot, `hero-slides-home-${size}`, { fullPage: false });
      }
    }

    await page.getByRole("button", { name: `Move "${second}" up` }).click();
    await page.getByText("Order saved.").waitFor();
    expect(await homeHeading(js)).toBe(second);

    // Edited in place: a new heading and a new photo (the old photo's files go).
    const renamed = `${second}, duty paid`;
    const before = app.rows<{ image: string }>("SELECT image FROM hero_slides WHERE heading = ?", second)[0].image;
    const edit = page.getByRole("form", { name: "Edit slide" }).first();
    await field(edit, "Heading").fill(renamed);
    await edit.locator('input[name="image"]').setInputFiles("public/images/gallery-5.webp");
    await edit.getByRole("button", { name: "Save slide" }).click();
    await page.getByText("Slide saved.").waitFor();
    await page.getByRole("link", { name: `Remove "${renamed}"` }).waitFor();
    const after = app.rows<{ image: string }>("SELECT image FROM hero_slides WHERE heading = ?", renamed)[0].image;
    expect(after).not.toBe(before);
    expect((await fetch(app.url(before))).status).toBe(404);
    expect(await homeHeading(js)).toBe(renamed);

    await removeSlide(page, first, { thinkAgain: true });
    await removeSlide(page, renamed, { thinkAgain: false });
    await page.getByText("No slides yet").waitFor();
    expect(await homeHeading(js)).toBe("Drive home your next car with confidence");
    const trail = app.rows<{ action: string }>("SELECT action FROM activity WHERE action LIKE 'hero.%'");
    expect(trail.map((r) => r.action)).toEqual(expect.arrayContaining(["hero.add", "hero.reorder", "hero.remove"]));
  });

  it("at six slides says so instead of offering the add form", async () => {
    const auth = { Authorization: `Bearer ${await bearerToken(app)}` };
    const photo = new Blob([new Uint8Array(fs.readFileSync("public/images/gallery-6.webp"))], { type: "image/webp" });
    for (let i = 1; i <= 6; i++) {
      const body = new FormData();
      body.set("heading", `Slide ${i}`);
      body.set("image", photo, "slide.webp");
      const res = await fetch(app.url("/api/admin/hero-slides"), { method: "POST", headers: auth, body });
      expect(res.status).toBe(201);
    }
    const page = await app.open("/admin/hero-slides", { js, admin: true });
    await page.getByText("The home page shows at most 6 slides. Remove one before adding another.").waitFor();
    await expect(page.getByRole("form", { name: "Add a slide" }).count()).resolves.toBe(0);
    await expect(page.getByRole("form", { name: "Edit slide" }).count()).resolves.toBe(6);
    expect(app.consoleErrors(page)).toEqual([]); // the message is the same on the server and in the browser
  });

  it("keeps what was typed when the photo is not an image", async () => {
    const page = await app.open("/admin/hero-slides", { js, admin: true });
    const form = page.getByRole("form", { name: "Add a slide" });
    await field(form, "Heading").fill("Typed heading");
    await form.locator('input[name="image"]').setInputFiles({
      name: "notes.jpg",
      mimeType: "image/jpeg",
      buffer: Buffer.from("this is not a photo"),
    });
    await form.getByRole("button", { name: "Add slide" }).click();
    await page.getByRole("alert").first().waitFor();
    const again = page.getByRole("form", { name: "Add a slide" });
    await expect(field(again, "Heading").inputValue()).resolves.toBe("Typed heading");
    expect(app.rows("SELECT id FROM hero_slides")).toHaveLength(0);
  });

  it("hides the screen from a sales account and answers 403", async () => {
    const username = js ? "hero-sales-js" : "hero-sales-nojs";
    await addStaff(app, username);
    const page = await app.open("/admin", { js, admin: username });
    const nav = page.getByRole("navigation", { name: "Admin" }).first();
    await nav.getByRole("link", { name: "Dashboard" }).waitFor();
    await expect(nav.getByRole("link", { name: "Home Page" }).count()).resolves.toBe(0);
    await app.go(page, "/admin/hero-slides");
    await page.getByText("Only an owner can do this.").waitFor();
  });
});

describe("a slide's link", () => {
  /** A multipart POST from 127.0.0.2, as another visitor's client sends it. */
  async function postFrom(path: string, form: FormData, token: string): Promise<{ status: number; body: string }> {
    const encoded = new Response(form);
    const bytes = Buffer.from(await encoded.arrayBuffer());
    return new Promise((resolve, reject) => {
      const req = http.request(
        new URL(path, app.server.url),
        {
          method: "POST",
          localAddress: "127.0.0.2",
          headers: {
            Authorization: `Bearer ${token}`,
            "Content-Type": encoded.headers.get("content-type") ?? "",
            "Content-Length": bytes.length,
          },
        },
        (res) => {
          let body = "";
          res.setEncoding("utf8");
          res.on("data", (d) => (body += d));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
        },
      );
      req.on("error", reject);
      req.end(bytes);
    });
  }

  it("is refused when it would open another site, as the promotion link is", async () => {
    await clearSlides();
    const token = await bearerToken(app);
    const photo = new Blob([new Uint8Array(fs.readFileSync("public/images/gallery-6.webp"))], { type: "image/webp" });
    for (const link of ["/\\evil.example", "/\t/evil.example", "//evil.example", "/\n/evil.example"]) {
      const form = new FormData();
      form.set("heading", "Go elsewhere");
      form.set("link", link);
      form.set("image", photo, "slide.webp");
      const res = await postFrom("/api/admin/hero-slides", form, token);
      expect(res.status, JSON.stringify(link)).toBe(400);
      expect(JSON.parse(res.body).error, JSON.stringify(link)).toContain("The link must be a page of this site");
    }
    expect(app.rows("SELECT id FROM hero_slides")).toHaveLength(0);
    const ok = new FormData();
    ok.set("heading", "Stay here");
    ok.set("link", "/browse?condition=new");
    ok.set("image", photo, "slide.webp");
    expect((await postFrom("/api/admin/hero-slides", ok, token)).status).toBe(201);
    await clearSlides();
  });
});
