// Builds, once per run, a seeded database and uploads folder that every e2e server copies.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";

export default function setup(project: TestProject) {
  const buildDir = process.env.BUILD_DIR ?? "build";
  if (!fs.existsSync(path.join(buildDir, "index.js")) || !fs.existsSync(path.join(buildDir, "server.js"))) {
    throw new Error("No production build: run `npm run build` before the e2e tests (npm test does).");
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "dealer-e2e-template-"));
  execFileSync(process.execPath, ["--import", "tsx", "scripts/seed.ts"], {
    env: {
      ...process.env,
      DATABASE_PATH: path.join(dir, "db.sqlite"),
      UPLOADS_DIR: path.join(dir, "uploads"),
      NODE_ENV: "test",
    },
    stdio: "inherit",
  });
  project.provide("templateDir", dir);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}

declare module "vitest" {
  export interface ProvidedContext {
    templateDir: string;
  }
}
