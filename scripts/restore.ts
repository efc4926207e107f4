// npm run restore -- <archive>: puts a backup back (the site must be stopped). The database
// and uploads it replaces are kept beside them as *.before-restore-<time>.
import { env } from "../app/config/env.server";
import { restoreBackup } from "./backup/archive";

const archive = process.argv[2];
if (!archive) {
  console.error("Usage: npm run restore -- backups/backup-<time>.tar.gz");
  process.exit(2);
}
const config = env();
restoreBackup({ archive, databasePath: config.DATABASE_PATH, uploadsDir: config.UPLOADS_DIR })
  .then(({ manifest, keptAside }) => {
    console.log(`Restored the backup of ${manifest.createdAt} into ${config.DATABASE_PATH} and ${config.UPLOADS_DIR}.`);
    if (keptAside.length) console.log(`The replaced files are kept as:\n  ${keptAside.join("\n  ")}`);
  })
  .catch((e) => {
    console.error(`Restore refused: ${e instanceof Error ? e.message : e}`);
    process.exit(1);
  });
