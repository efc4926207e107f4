import { beforeEach, describe, expect, it } from "vitest";
import { clearData, countSubscribers } from "../../tests/helpers/db";
import { loadContext } from "../../tests/helpers/load-context";
import { action, loader } from "./api.newsletter";

beforeEach(clearData);

const post = (body: unknown, type: "json" | "form" = "json") =>
  action({
    request: new Request("http://x/api/newsletter", {
      method: "POST",
      headers: { "Content-Type": type === "json" ? "application/json" : "application/x-www-form-urlencoded" },
      body: type === "json" ? JSON.stringify(body) : new URLSearchParams(body as Record<string, string>).toString(),
    }),
    params: {},
    context: loadContext(),
  });

describe("POST /api/newsletter", () => {
  it("subscribes with JSON and with a form body", async () => {
    const res = await post({ name: "Ada Obi", email: "ada@example.com" });
    expect(res.status).toBe(201);
    // Email is not set up in this file: the answer promises nothing.
    expect(await res.json()).toEqual({
      message: "Subscription successful!",
      detail:
        "Our sales team has your details. We do not send newsletter emails yet, so nothing will come to " +
        "ada@example.com for now.",
    });
    const form = await post({ name: "Tunde", email: "tunde@example.com" }, "form");
    expect(form.status).toBe(201);
    expect(await countSubscribers()).toBe(2);
  });

  it("refuses a missing name with 400 and stores nothing", async () => {
    const res = await post({ email: "ada@example.com" });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body).toEqual({ error: "Subscription failed. Please try again.", fields: { name: "Name is required" } });
    expect((await post({ name: "   ", email: "ada@example.com" })).status).toBe(400);
    expect(await countSubscribers()).toBe(0);
  });

  it("refuses a bad email with 400", async () => {
    const res = await post({ name: "Ada", email: "not-an-email" });
    expect(res.status).toBe(400);
    expect((await res.json()).fields.email).toBe("Enter a valid email address");
    expect((await post({ name: "Ada" })).status).toBe(400);
    expect(await countSubscribers()).toBe(0);
  });

  it("stores a repeated email once, in any letter case, and answers it exactly like a new one", async () => {
    const first = await post({ name: "Ada", email: "ada@example.com" });
    const again = await post({ name: "Ada O.", email: "  ADA@Example.com " });
    expect([first.status, again.status]).toEqual([201, 201]);
    expect(await again.json()).toEqual(await first.json());
    expect(await countSubscribers()).toBe(1);
  });

  it("answers 400 for malformed JSON like the other APIs, 415 for another type and 405 for GET", async () => {
    const send = (type: string, body: string) =>
      action({
        request: new Request("http://x/api/newsletter", { method: "POST", headers: { "Content-Type": type }, body }),
        params: {},
        context: loadContext(),
      });
    const bad = await send("application/json", "{bad");
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: "The request body is not valid JSON" });
    expect((await send("text/plain", "name=Ada")).status).toBe(415);
    const get = loader();
    expect(get.status).toBe(405);
  });
});
