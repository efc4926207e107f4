import { type Kysely, Migrator } from "kysely";
import { migrations } from "../migrations/index";
import { getDb } from "./database.server";

/** Runs every pending migration; throws with the failing migration's name. */
export async function migrateToLatest(db: Kysely<any> = getDb()): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === "Error");
  if (error || failed) {
    const name = failed ? ` (${failed.migrationName})` : "";
    throw new Error(`Database migration failed${name}: ${String(error)}`);
  }
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}
