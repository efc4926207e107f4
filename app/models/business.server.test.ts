import { describe, expect, it } from "vitest";
import { defaultBusiness } from "~/config/site";
import { getDb } from "../../db/database.server";
import { getBusiness, saveBusiness } from "./business.server";
import { catalogVersion } from "./catalog-version.server";

/** Whether the settings row is stored (an owner has saved them at least once). */
async function businessSaved(): Promise<boolean> {
  const row = await getDb().selectFrom("settings").select("key").where("key", "=", "business").executeTakeFirst();
  return Boolean(row);
}

describe("business settings storage", () => {
  it("answers the defaults until saved, then the saved document, and bumps the catalogue version", async () => {
    await getDb().deleteFrom("settings").where("key", "=", "business").execute();
    expect(await getBusiness()).toEqual(defaultBusiness);
    expect(await businessSaved()).toBe(false);
    const before = catalogVersion();
    await saveBusiness(getDb(), { ...defaultBusiness, name: "Ade Motors" });
    expect(catalogVersion()).toBe(before + 1);
    expect((await getBusiness()).name).toBe("Ade Motors");
    expect(await businessSaved()).toBe(true);
  });

  it("sees a write made behind its back (another process or tool) at the next read", async () => {
    await saveBusiness(getDb(), { ...defaultBusiness, name: "First Name" });
    expect((await getBusiness()).name).toBe("First Name");
    await getDb()
      .updateTable("settings")
      .set({ value: JSON.stringify({ ...defaultBusiness, name: "Written Elsewhere" }) })
      .where("key", "=", "business")
      .execute();
    expect((await getBusiness()).name).toBe("Written Elsewhere");
  });

  it("fills fields an older document lacks from the defaults", async () => {
    await getDb()
      .updateTable("settings")
      .set({ value: JSON.stringify({ name: "Old Save", hours: { sun: { open: "10:00", close: "14:00" } } }) })
      .where("key", "=", "business")
      .execute();
    const business = await getBusiness();
    expect(business.name).toBe("Old Save");
    expect(business.whatsapp).toBe(defaultBusiness.whatsapp);
    expect(business.hours.sun).toEqual({ open: "10:00", close: "14:00" });
    expect(business.hours.mon).toEqual(defaultBusiness.hours.mon);
  });
});
