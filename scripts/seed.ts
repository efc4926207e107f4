// npm run db:seed: migrates the database, then loads the demo inventory if it has no car yet
// (DATABASE_PATH and UPLOADS_DIR as for the server).

import { seedDemoIfEmpty } from "../app/models/demo/demo-inventory.server";
import { closeDatabase } from "../db/database.server";
import { migrateToLatest } from "../db/migrate";

migrateToLatest()
  .then(seedDemoIfEmpty)
  .then((n) => {
    console.log(n ? `Demo inventory loaded: ${n} cars.` : "The database already has cars; nothing seeded.");
    closeDatabase();
  })
  .catch((e) => {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  });
