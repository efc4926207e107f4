// `npm run db:migrate`: runs the pending migrations alone (the server also runs them at start).
import { closeDatabase } from "../db/database.server";
import { migrateToLatest } from "../db/migrate";

migrateToLatest()
  .then((done) => {
    console.log(done.length ? `Applied: ${done.join(", ")}` : "Database is up to date.");
    closeDatabase();
  })
  .catch((e) => {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  });
