import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "../../db/database.server";
import { clearData } from "../../tests/helpers/db";
import { changeAdminPassword, createAdmin, ensureFirstAdmin, hashPassword } from "./admin.server";

beforeEach(async () => {
  await clearData();
  await getDb().deleteFrom("admins").execute();
});

const flag = async (username: string) =>
  (
    await getDb()
      .selectFrom("admins")
      .select("must_change_password")
      .where("username", "=", username)
      .executeTakeFirstOrThrow()
  ).must_change_password;

describe("a password someone else chose", () => {
  it("must be changed by the first admin, whether generated or read from ADMIN_PASSWORD", async () => {
    expect((await ensureFirstAdmin("boss", undefined)).generatedPassword).toBeTruthy();
    expect(await flag("boss")).toBe(1);
    await getDb().deleteFrom("admins").execute();
    expect(await ensureFirstAdmin("boss", "from-the-env-file")).toEqual({ created: true });
    expect(await flag("boss")).toBe(1);
  });

  it("is asked again at start-up of an owner still signing in with the template's old published password", async () => {
    await createAdmin("boss", "change-me-at-first-login", "owner");
    await createAdmin("other", "change-me-at-first-login", "sales");
    expect(await ensureFirstAdmin("boss", "change-me-at-first-login")).toEqual({ created: false });
    expect(await flag("boss")).toBe(1);
    await changeAdminPassword(getDb(), "boss", await hashPassword("a-password-of-my-own"), { chosenByHolder: true });
    expect(await flag("boss")).toBe(0);
    await ensureFirstAdmin("boss", "change-me-at-first-login");
    expect(await flag("boss")).toBe(0);
    expect(await flag("other")).toBe(0); // only the configured first admin was ever given it
  });

  it("is set by an owner's reset and cleared by the holder's own change", async () => {
    await createAdmin("clerk", "clerk-password-1");
    expect(await flag("clerk")).toBe(0);
    await changeAdminPassword(getDb(), "clerk", await hashPassword("owner-typed-this"), { chosenByHolder: false });
    expect(await flag("clerk")).toBe(1);
    await changeAdminPassword(getDb(), "clerk", await hashPassword("clerk-chose-this"), { chosenByHolder: true });
    expect(await flag("clerk")).toBe(0);
  });
});
