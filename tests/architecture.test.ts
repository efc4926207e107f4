// The layering rules, checked on every .ts/.tsx file of the repository: each import (type-only,
// re-exports and dynamic imports too) is resolved to a file, relative paths and the `~/` alias
// (= app/) alike, and a file may not import from a folder its layer must not depend on.
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(__dirname, "..");

/** Folders never read: dependencies, builds, caches, test output. */
const SKIP = new Set(["node_modules", "build", "public/build", "tests/artifacts", "uploads", "backups"]);

interface Rule {
  /** Files the rule applies to (a folder, relative to the root, with a trailing slash). */
  from: string[];
  /** Folders those files must not import from. */
  never: string[];
  why: string;
}

// One rule per row of the import-rules table in docs/architecture.md ("Never imports").
const RULES: Rule[] = [
  {
    from: ["app/lib/"],
    never: ["app/models/", "db/", "app/components/", "app/routes/"],
    why: "lib is pure code shared by browser and server: it depends on lib and config only",
  },
  {
    from: ["app/components/"],
    never: ["app/models/", "db/"],
    why: "components get data through props and loader data, never from a model or the database",
  },
  { from: ["app/routes/"], never: ["db/"], why: "routes call models; only models talk to the database" },
  {
    from: ["app/http/"],
    never: ["db/", "app/routes/", "app/components/"],
    why: "the HTTP layer reads requests and builds responses through models, below the routes and the UI",
  },
  {
    from: ["app/models/"],
    never: ["app/http/", "app/routes/", "app/components/"],
    why: "models take and return plain data: they know nothing of HTTP or the UI",
  },
  { from: ["db/"], never: ["app/models/"], why: "db/ is connection, schema and migrations: it depends on no model" },
  {
    from: ["migrations/"],
    never: ["app/", "db/", "server/", "scripts/"],
    why: "a migration is frozen once landed: it may not change when the app's code does",
  },
];

/**
 * Known violations, `importer -> imported file`, both relative to the root, each with its reason
 * beside it, e.g. `"app/routes/healthz.ts -> db/database.server.ts", // being moved by ...`.
 * The test fails when one is fixed, so the list only shrinks.
 */
const ALLOWED: string[] = [];

function sourceFiles(dir = ROOT, out: string[] = []): string[] {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    const rel = path.relative(ROOT, full).split(path.sep).join("/");
    if (entry.isDirectory()) {
      if (!entry.name.startsWith(".") && !SKIP.has(rel)) sourceFiles(full, out);
    } else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts")) {
      out.push(rel);
    }
  }
  return out;
}

const EXTENSIONS = ["", ".ts", ".tsx", ".js", ".jsx", "/index.ts", "/index.tsx"];

/** The file an import names, relative to the root; null for a package. */
function resolve(importer: string, specifier: string): string | null {
  let base: string;
  if (specifier.startsWith("~/")) base = path.join(ROOT, "app", specifier.slice(2));
  else if (specifier.startsWith(".")) base = path.resolve(ROOT, path.dirname(importer), specifier);
  else return null;
  const candidates = [
    ...EXTENSIONS.map((ext) => base + ext),
    base.replace(/\.js$/, ".ts"),
    base.replace(/\.js$/, ".tsx"),
  ];
  const found = candidates.find((c) => fs.existsSync(c) && fs.statSync(c).isFile()) ?? base;
  return path.relative(ROOT, found).split(path.sep).join("/");
}

interface Violation {
  key: string;
  message: string;
}

/** What one file's imports break. Test files are checks on a layer, not part of it: they may
 * arrange and inspect the database directly, so only the code itself is held to the rules. */
function check(file: string, source: string): Violation[] {
  if (/\.test\.tsx?$/.test(file)) return [];
  const rules = RULES.filter((r) => r.from.some((dir) => file.startsWith(dir)));
  if (rules.length === 0) return [];
  const found: Violation[] = [];
  for (const { fileName: specifier } of ts.preProcessFile(source, true, true).importedFiles) {
    const target = resolve(file, specifier);
    if (!target) continue;
    for (const rule of rules) {
      const folder = rule.never.find((dir) => target.startsWith(dir));
      if (folder) {
        found.push({
          key: `${file} -> ${target}`,
          message:
            `${file} imports "${specifier}" (${target}): ` +
            `${rule.from.join(" and ")} never import ${folder} (${rule.why})`,
        });
      }
    }
  }
  return found;
}

function violations(): Violation[] {
  return sourceFiles().flatMap((file) => check(file, fs.readFileSync(path.join(ROOT, file), "utf8")));
}

describe("architecture", () => {
  const found = violations();

  it("reads the whole repository and resolves its imports", () => {
    const files = sourceFiles();
    expect(files).toContain("app/root.tsx");
    expect(files).toContain("db/database.server.ts");
    expect(files.some((f) => f.startsWith("node_modules/") || f.startsWith("build/"))).toBe(false);
    expect(resolve("app/root.tsx", "~/config/site")).toBe("app/config/site.ts");
    expect(resolve("server.ts", "./db/migrate")).toBe("db/migrate.ts");
  });

  it("counts type-only imports, re-exports and dynamic imports, through the alias or a relative path", () => {
    const keys = (file: string, source: string) => check(file, source).map((v) => v.key);
    expect(keys("app/lib/x.ts", 'import type { DB } from "../../db/database.server";')).toEqual([
      "app/lib/x.ts -> db/database.server.ts",
    ]);
    expect(keys("app/components/x.tsx", 'export { createCar } from "~/models/car.server";')).toEqual([
      "app/components/x.tsx -> app/models/car.server.ts",
    ]);
    expect(keys("app/routes/x.ts", 'const db = await import("../../db/database.server");')).toEqual([
      "app/routes/x.ts -> db/database.server.ts",
    ]);
    expect(keys("db/x.ts", 'import { createCar } from "../app/models/car.server";')).toEqual([
      "db/x.ts -> app/models/car.server.ts",
    ]);
    expect(keys("app/routes/x.ts", 'import { createCar } from "~/models/car.server";')).toEqual([]);
  });

  it("holds every layer to the import rules of docs/architecture.md", () => {
    const unexpected = found.filter((v) => !ALLOWED.includes(v.key)).map((v) => v.message);
    expect(unexpected, `Layering violations:\n${unexpected.join("\n")}\n`).toEqual([]);
  });

  it("allows only exceptions that still exist", () => {
    const stale = ALLOWED.filter((key) => !found.some((v) => v.key === key));
    expect(stale, `Fixed: remove from ALLOWED in tests/architecture.test.ts:\n${stale.join("\n")}\n`).toEqual([]);
  });
});
