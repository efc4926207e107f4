import { describe, expect, it } from "vitest";
import { parseEnv, siteOrigin } from "./env.server";

describe("configuration", () => {
  it("has working defaults for every variable", () => {
    const env = parseEnv({});
    expect(env).toMatchObject({
      PORT: 3000,
      HOST: "0.0.0.0",
      DATABASE_PATH: "db/dealership.sqlite",
      UPLOADS_DIR: "uploads",
      SEED_DEMO: "1",
      ADMIN_USERNAME: "admin",
      RATE_LIMITS: "on",
    });
    expect(env.ADMIN_PASSWORD).toBeUndefined();
    expect(env.SESSION_SECRET).toBeUndefined();
  });

  it("makes absolute URLs from SITE_URL, else localhost on the port, and refuses an origin with a path", () => {
    expect(siteOrigin(parseEnv({}))).toBe("http://localhost:3000");
    expect(siteOrigin(parseEnv({ SITE_URL: "https://lekkiprimeautos.ng/" }))).toBe("https://lekkiprimeautos.ng");
    expect(() => parseEnv({ SITE_URL: "https://lekkiprimeautos.ng/cars" })).toThrowError(/SITE_URL must be/);
  });

  it("treats empty variables as unset", () => {
    expect(parseEnv({ PORT: "", ADMIN_PASSWORD: "" }).PORT).toBe(3000);
  });

  it("names every bad value in one clear message", () => {
    expect(() => parseEnv({ PORT: "eighty", SEED_DEMO: "yes", ADMIN_PASSWORD: "short" })).toThrowError(
      new RegExp(
        /Invalid configuration:[\s\S]*PORT[\s\S]*SEED_DEMO: SEED_DEMO must be 0 or 1/.source +
          /[\s\S]*ADMIN_PASSWORD: ADMIN_PASSWORD must be at least 8 characters/.source,
      ),
    );
    expect(() => parseEnv({ PORT: "70000" })).toThrowError(/PORT/);
    expect(() => parseEnv({ RATE_LIMITS: "maybe" })).toThrowError(/RATE_LIMITS must be on or off/);
  });
});
