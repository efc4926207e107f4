// npm run backup: a consistent snapshot of the database (taken while the site runs) and the
// uploads, in one timestamped archive under BACKUP_DIR (default backups/).
import { env } from "../app/config/env.server";
import { createBackup } from "./backup/archive";

const config = env();
createBackup({ databasePath: config.DATABASE_PATH, uploadsDir: config.UPLOADS_DIR, backupDir: config.BACKUP_DIR })
  .then(({ archive, manifest }) => {
    const rows = Object.entries(manifest.tables)
      .map(([t, n]) => `${t} ${n}`)
      .join(", ");
    console.log(`Backup written: ${archive}\n  ${rows}\n  uploads ${manifest.uploads} files`);
  })
  .catch((e) => {
    console.error(`Backup failed: ${e instanceof Error ? e.message : e}`);
    process.exit(1);
  });
