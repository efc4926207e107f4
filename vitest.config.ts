import path from "node:path";
import { defineConfig } from "vitest/config";

const alias = { "~": path.resolve(__dirname, "app") };

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          environment: "node",
          include: [
            "app/**/*.test.{ts,tsx}",
            "db/**/*.test.ts",
            "server/**/*.test.ts",
            "scripts/**/*.test.ts",
            "tests/architecture.test.ts",
            "tests/code-style.test.ts",
          ],
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
