import path from "node:path";
import { defineConfig } from "vitest/config";

const alias = { "~": path.resolve(__dirname, "app") };

// Three layers, each run alone by its npm script (test:unit, test:integration, test:e2e), each
// printing its own duration. Unit: pure code, no database. Integration: loaders, actions, models
// and the Express app against a real temporary SQLite file. End to end: the built server and Chromium.
const UNIT = [
  "app/lib/**/*.test.{ts,tsx}",
  "app/config/**/*.test.ts",
  "server/**/*.test.ts",
  "jobs/**/*.test.ts",
  "scripts/**/*.test.ts",
  "tests/architecture.test.ts",
  "tests/code-style.test.ts",
  "tests/deploy.test.ts",
];
const INTEGRATION = ["**/*.integration.test.ts"];

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          environment: "node",
          include: UNIT,
          exclude: [...INTEGRATION, "**/node_modules/**"],
          setupFiles: ["tests/setup-unit.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "integration",
          environment: "node",
          include: ["app/**/*.test.{ts,tsx}", "db/**/*.test.ts", ...INTEGRATION],
          // Everything under app/ and db/ but the pure folders; *.integration.test.ts anywhere.
          exclude: ["app/lib/**", "app/config/**", "**/node_modules/**"],
          setupFiles: ["tests/setup-db.ts"],
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          name: "e2e",
          environment: "node",
          include: ["tests/e2e/**/*.test.ts"],
          globalSetup: ["tests/e2e/global-setup.ts"],
          testTimeout: 60_000,
          hookTimeout: 90_000,
          // One browser and one server at a time: the machine has two cores.
          fileParallelism: false,
          maxWorkers: 1,
        },
      },
    ],
  },
});
