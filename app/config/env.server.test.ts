import { describe, expect, it } from "vitest";
import { parseEnv, siteOrigin, smtpServer, whatsappConfig } from "./env.server";

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

  it("checks the mail settings: an smtp(s):// URL, a sender address, the private-webhook switch", () => {
    const env = parseEnv({
      SMTP_URL: "smtp://mailer:p%40ss@mail.example.ng:2525",
      MAIL_FROM: "Lekki Prime Autos <bookings@lekkiprimeautos.ng>",
    });
    expect(env.WEBHOOKS_ALLOW_PRIVATE).toBe("0");
    expect(smtpServer(env)).toBe("mail.example.ng:2525");
    expect(smtpServer(parseEnv({ SMTP_URL: "smtps://u:p@mail.example.ng" }))).toBe("mail.example.ng:465");
    expect(smtpServer(parseEnv({}))).toBeNull();
    expect(parseEnv({ MAIL_FROM: "desk@lekkiprimeautos.ng" }).MAIL_FROM).toBe("desk@lekkiprimeautos.ng");
    expect(() => parseEnv({ SMTP_URL: "https://mail.example.ng" })).toThrowError(/SMTP_URL must be an smtp:\/\//);
    expect(() => parseEnv({ SMTP_URL: "mail.example.ng:587" })).toThrowError(/SMTP_URL/);
    expect(() => parseEnv({ MAIL_FROM: "bookings" })).toThrowError(/MAIL_FROM must be an email address/);
    expect(() => parseEnv({ WEBHOOKS_ALLOW_PRIVATE: "yes" })).toThrowError(/WEBHOOKS_ALLOW_PRIVATE must be 0 or 1/);
  });

  it("turns WhatsApp on only with both the token and the number's id, and never echoes the token", () => {
    expect(whatsappConfig(parseEnv({}))).toBeNull();
    expect(whatsappConfig(parseEnv({ WHATSAPP_TOKEN: "EAAGabcdefghijklmnopqrstuvwxyz" }))).toBeNull();
    expect(
      whatsappConfig(
        parseEnv({ WHATSAPP_TOKEN: "EAAGabcdefghijklmnopqrstuvwxyz", WHATSAPP_PHONE_NUMBER_ID: "1065403522" }),
      ),
    ).toEqual({
      token: "EAAGabcdefghijklmnopqrstuvwxyz",
      phoneNumberId: "1065403522",
      apiUrl: "https://graph.facebook.com/v21.0",
    });
    expect(parseEnv({ WHATSAPP_API_URL: "http://127.0.0.1:4000/v21.0/" }).WHATSAPP_API_URL).toBe(
      "http://127.0.0.1:4000/v21.0",
    );
    expect(() => parseEnv({ WHATSAPP_PHONE_NUMBER_ID: "+234 803" })).toThrowError(/digits only/);
    expect(() => parseEnv({ WHATSAPP_TOKEN: "short secret" })).toThrowError(/WHATSAPP_TOKEN must be/);
    expect(() => parseEnv({ WHATSAPP_TOKEN: "short secret" })).not.toThrowError(/short secret/);
  });
});
