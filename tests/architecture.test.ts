// The layering rules of docs/architecture.md ("Import rules"), checked on every .ts/.tsx file of
// the repository: each import (type-only, re-exports and dynamic imports too) is resolved to a file,
// relative paths and the `~/` alias (= app/) alike, and must lie in a folder its layer may import
// from; packages are checked where a rule names them. The table in the docs must name these rules.
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(__dirname, "..");

/** Folders never read: dependencies, builds, caches, test output. */
const SKIP = new Set(["node_modules", "build", "public/build", "tests/artifacts", "uploads", "backups"]);

interface Rule {
  /** Files the rule applies to: folders (with a trailing slash) or single files, relative to the root. */
  from: string[];
  /** The folders and files those files may import from; anything else in the repository is refused. */
  may: string[];
  /** Folders these files may import types from, with `import type` only (erased from the build, so a
   * `*.server` module is fine: nothing of it reaches the browser). */
  types?: string[];
  /** The code runs in the browser too: no `*.server` module. */
  browser?: boolean;
  /** When set, the only packages those files may import. */
  packages?: string[];
  why: string;
}

// One rule per row of the import-rules table in docs/architecture.md.
const RULES: Rule[] = [
  {
    from: ["app/lib/"],
    may: ["app/lib/", "app/config/"],
    browser: true,
    why: "lib is pure code shared by browser and server",
  },
  { from: ["app/config/"], may: ["app/config/", "app/lib/"], why: "configuration is constants and their checks" },
  {
    from: ["app/components/"],
    may: ["app/components/", "app/lib/", "app/config/", "app/styles/", "app/theme.ts"],
    types: ["app/models/"],
    browser: true,
    why: "components get data through props and loader data, never from a model or the database (a model's types, yes)",
  },
  {
    from: ["app/browser/"],
    may: ["app/browser/", "app/lib/", "app/config/"],
    browser: true,
    packages: [],
    why: "the plain script of the pages without React is small: lib and constants, no framework, no package",
  },
  {
    from: ["app/routes/", "app/root.tsx", "app/entry.server.tsx"],
    may: [
      "app/routes/",
      "app/http/",
      "app/use-cases/",
      "app/models/",
      "app/lib/",
      "app/components/",
      "app/config/",
      "app/styles/",
    ],
    why: "routes wire: they call the HTTP layer, use cases and models; only models talk to the database",
  },
  {
    from: ["app/http/"],
    may: ["app/http/", "app/use-cases/", "app/models/", "app/lib/", "app/config/"],
    why: "the HTTP layer reads requests and builds responses, below the routes and the UI",
  },
  {
    from: ["app/use-cases/"],
    may: ["app/use-cases/", "app/models/", "app/lib/", "app/config/"],
    why: "a use case checks, validates and writes through models: it knows nothing of HTTP or the UI",
  },
  {
    from: ["app/models/"],
    may: ["app/models/", "db/", "app/lib/", "app/config/"],
    why: "models take and return plain data: they know nothing of HTTP, use cases or the UI",
  },
  {
    from: ["db/"],
    may: ["db/", "migrations/", "app/lib/", "app/config/"],
    why: "db/ is connection, schema and migration runner: it depends on no model",
  },
  {
    from: ["migrations/"],
    may: ["migrations/"],
    packages: ["kysely"],
    why: "a migration is frozen once landed: it may not change when the app's code does",
  },
  {
    from: ["server/"],
    may: ["server/", "app/http/", "app/models/", "app/lib/", "app/config/"],
    why: "the edge in front of Remix knows no page: routes declare what it needs",
  },
  {
    from: ["jobs/"],
    may: ["jobs/", "app/models/", "app/lib/", "app/config/"],
    why: "a job works in the background on the data, through models: it answers no request",
  },
  {
    from: ["server.ts"],
    may: ["server/", "jobs/", "db/", "app/models/", "app/config/"],
    why: "start-up prepares the data, starts the jobs and starts the edge",
  },
  {
    from: ["scripts/"],
    may: ["scripts/", "server/", "db/", "app/models/", "app/lib/", "app/config/"],
    why: "command-line tools work on the data through models and db/, never through pages",
  },
];

/** The SQL packages, and the only places that may import them (tests/ arranges data for the tests). */
const SQL_PACKAGES = ["kysely", "better-sqlite3"];
const SQL_PLACES = ["app/models/", "db/", "migrations/", "scripts/", "tests/"];

/**
 * Known violations, `importer -> imported file` (or package), both relative to the root, each with
 * its reason beside it, e.g. `"app/routes/x.ts -> db/database.server.ts", // being moved by ...`.
 * The test fails when one is fixed, so the list only shrinks.
 */
const ALLOWED: string[] = [];

const inside = (file: string, places: string[]) =>
  places.some((p) => (p.endsWith("/") ? file.startsWith(p) : file === p));

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

/** The package an import names ("@scope/name" or "name"), or null for a file or a Node built-in. */
function packageName(specifier: string): string | null {
  if (specifier.startsWith(".") || specifier.startsWith("~/") || specifier.startsWith("node:")) return null;
  return specifier
    .split("/")
    .slice(0, specifier.startsWith("@") ? 2 : 1)
    .join("/");
}

/** How many `import type` / `export type ... from` declarations name each specifier. */
function typeOnlyImports(file: string, source: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const statement of ts.createSourceFile(file, source, ts.ScriptTarget.Latest).statements) {
    const typeOnly =
      (ts.isImportDeclaration(statement) && statement.importClause?.isTypeOnly) ||
      (ts.isExportDeclaration(statement) && statement.isTypeOnly);
    if (typeOnly && statement.moduleSpecifier && ts.isStringLiteral(statement.moduleSpecifier)) {
      const specifier = statement.moduleSpecifier.text;
      counts.set(specifier, (counts.get(specifier) ?? 0) + 1);
    }
  }
  return counts;
}

/** What one file's imports break. Test files are checks on a layer, not part of it: they may
 * arrange and inspect the database directly, so only the code itself is held to the rules. */
function check(file: string, source: string): Violation[] {
  if (/\.test\.tsx?$/.test(file)) return [];
  const rule = RULES.find((r) => inside(file, r.from));
  const found: Violation[] = [];
  const refuse = (target: string, specifier: string, what: string) =>
    found.push({ key: `${file} -> ${target}`, message: `${file} imports "${specifier}": ${what}` });
  const imports = ts.preProcessFile(source, true, true).importedFiles.map((f) => f.fileName);
  const typeOnly = rule?.types ? typeOnlyImports(file, source) : new Map<string, number>();
  // Every import of the specifier is `import type` / `export type` (a value import of the same file is not).
  const onlyTypes = (specifier: string) => typeOnly.get(specifier) === imports.filter((s) => s === specifier).length;
  for (const specifier of imports) {
    const pkg = packageName(specifier);
    if (pkg) {
      if (SQL_PACKAGES.includes(pkg) && !inside(file, SQL_PLACES)) {
        refuse(pkg, specifier, `only ${SQL_PLACES.join(", ")} import ${pkg} (SQL lives in models and db/)`);
      } else if (rule?.packages && !rule.packages.includes(pkg)) {
        refuse(pkg, specifier, `${rule.from.join(" and ")} import only ${rule.packages.join(", ")} (${rule.why})`);
      }
      continue;
    }
    const target = resolve(file, specifier);
    if (!target || !rule) continue;
    if (rule.types && inside(target, rule.types) && onlyTypes(specifier)) continue;
    if (!inside(target, [...rule.may, ...rule.from])) {
      const types = rule.types ? `, and types from ${rule.types.join(", ")} with import type` : "";
      refuse(
        target,
        specifier,
        `${rule.from.join(" and ")} import only from ${rule.may.join(", ")}${types} (${rule.why})`,
      );
    } else if (rule.browser && /\.server\.tsx?$/.test(target)) {
      refuse(target, specifier, `${rule.from.join(" and ")} run in the browser too: no *.server module`);
    }
  }
  return found;
}

/** The import-rules table of docs/architecture.md: each row's From and May import, as backticked names. */
function documentedRules(): { from: string[]; may: string[] }[] {
  const doc = fs.readFileSync(path.join(ROOT, "docs/architecture.md"), "utf8");
  const section = doc.slice(doc.indexOf("### Import rules"), doc.indexOf("\n## ", doc.indexOf("### Import rules")));
  const names = (cell: string) => [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1]);
  return section
    .split("\n")
    .filter((line) => line.startsWith("| `"))
    .map((line) => {
      const [, from, may] = line.split("|");
      return { from: names(from), may: names(may) };
    });
}

/** Where code logs through the logger (app/config/logger.server.ts or `context.logger`), never `console`. */
const LOGGED = ["app/", "server/", "jobs/"];

/** The `console.<method>` uses in a source, as `line: text`, comments and strings not counted. */
function consoleUses(file: string, source: string): string[] {
  if (!source.includes("console")) return [];
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true);
  const uses: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isPropertyAccessExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === "console") {
      uses.push(`${file}:${sf.getLineAndCharacterOfPosition(node.getStart()).line + 1}: ${node.getText()}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return uses;
}

/** Exports the framework reads by name: a route module's, the root's and entry.server's. */
const FRAMEWORK_EXPORTS = new Set([
  "loader",
  "action",
  "default",
  "meta",
  "links",
  "handle",
  "headers",
  "ErrorBoundary",
  "shouldRevalidate",
  "handleError",
  "Layout",
]);
const FRAMEWORK_MODULES = ["app/routes/", "app/root.tsx", "app/entry.server.tsx", "vitest.config.ts"];

/**
 * Exports nothing imports that stay, `file#name`, each with its reason. The test fails when one is
 * imported after all (or gone), so the list only shrinks.
 */
const KEPT_EXPORTS: string[] = [
  // In-memory state (throttles, budgets) a test starts from zero; the process never resets it.
  "app/models/login-throttle.server.ts#resetLoginThrottle",
  "app/models/whatsapp.server.ts#resetWhatsappClickBudget",
  "app/models/car-interest.server.ts#resetViewCounting",
  // The staff-role guard for a stored or sent role; its own test proves it.
  "app/lib/roles.ts#isRole",
];

const isTestFile = (file: string) => /\.test\.tsx?$/.test(file) || file.startsWith("tests/");

/** A file's exported values (functions, classes, constants; types are the signatures' words and exempt). */
function exportedValues(sf: ts.SourceFile): string[] {
  const names: string[] = [];
  const has = (node: ts.Node, kind: ts.SyntaxKind) =>
    ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === kind);
  for (const s of sf.statements) {
    if (ts.isExportAssignment(s)) names.push("default");
    else if (ts.isExportDeclaration(s) && !s.isTypeOnly && s.exportClause && ts.isNamedExports(s.exportClause)) {
      for (const e of s.exportClause.elements) if (!e.isTypeOnly) names.push(e.name.text);
    } else if (has(s, ts.SyntaxKind.ExportKeyword) && !ts.isInterfaceDeclaration(s) && !ts.isTypeAliasDeclaration(s)) {
      if (has(s, ts.SyntaxKind.DefaultKeyword)) names.push("default");
      else if (ts.isVariableStatement(s)) {
        for (const d of s.declarationList.declarations) if (ts.isIdentifier(d.name)) names.push(d.name.text);
      } else if ((ts.isFunctionDeclaration(s) || ts.isClassDeclaration(s) || ts.isEnumDeclaration(s)) && s.name) {
        names.push(s.name.text);
      }
    }
  }
  return names;
}

/** The names a file imports from each file (`*` for a namespace import, `export *` or a dynamic import). */
function importedNames(file: string, sf: ts.SourceFile, source: string): [string, string][] {
  const out: [string, string][] = [];
  for (const s of sf.statements) {
    const spec = (s as { moduleSpecifier?: ts.Expression }).moduleSpecifier;
    const target = spec && ts.isStringLiteral(spec) ? resolve(file, spec.text) : null;
    if (!target) continue;
    if (ts.isImportDeclaration(s) && s.importClause) {
      const { name, namedBindings } = s.importClause;
      if (name) out.push([target, "default"]);
      if (namedBindings && ts.isNamespaceImport(namedBindings)) out.push([target, "*"]);
      if (namedBindings && ts.isNamedImports(namedBindings)) {
        for (const e of namedBindings.elements) out.push([target, (e.propertyName ?? e.name).text]);
      }
    } else if (ts.isExportDeclaration(s)) {
      if (!s.exportClause) out.push([target, "*"]);
      else if (ts.isNamedExports(s.exportClause)) {
        for (const e of s.exportClause.elements) out.push([target, (e.propertyName ?? e.name).text]);
      }
    }
  }
  for (const m of source.matchAll(/import\(\s*["'`]([^"'`]+)["'`]\s*\)/g)) {
    const target = resolve(file, m[1]);
    if (target) out.push([target, "*"]);
  }
  return out;
}

/** Whether the file's own code uses `name` (an identifier other than its declaration and property names). */
function usedInFile(file: string, source: string, name: string): boolean {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true);
  let uses = 0;
  const visit = (node: ts.Node) => {
    if (ts.isIdentifier(node) && node.text === name) {
      const parent = node.parent;
      const declaration = (parent as { name?: ts.Node }).name === node && !ts.isPropertyAccessExpression(parent);
      const property = ts.isPropertyAccessExpression(parent) && parent.name === node;
      if (!declaration && !property && !ts.isExportSpecifier(parent)) uses++;
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return uses > 0;
}

/**
 * Exports nothing imports, as `file#name`. An import from a test counts only when the file itself
 * uses the export too (a unit of its working code, tested directly); an export only tests call is
 * a helper for tests, and dead.
 */
function deadExports(): string[] {
  const parsed = sourceFiles().map((file) => {
    const source = fs.readFileSync(path.join(ROOT, file), "utf8");
    return { file, source, sf: ts.createSourceFile(file, source, ts.ScriptTarget.Latest) };
  });
  const used = new Set<string>();
  const usedByTests = new Set<string>();
  for (const { file, sf, source } of parsed) {
    for (const [target, name] of importedNames(file, sf, source)) {
      (isTestFile(file) ? usedByTests : used).add(`${target}#${name}`);
    }
  }
  const dead: string[] = [];
  for (const { file, sf, source } of parsed) {
    if (isTestFile(file)) continue;
    for (const name of exportedValues(sf)) {
      if (inside(file, FRAMEWORK_MODULES) && FRAMEWORK_EXPORTS.has(name)) continue;
      const key = `${file}#${name}`;
      if (used.has(key) || used.has(`${file}#*`)) continue;
      if ((usedByTests.has(key) || usedByTests.has(`${file}#*`)) && usedInFile(file, source, name)) continue;
      dead.push(key);
    }
  }
  return dead;
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

  it("refuses a folder the row does not name, a server module in browser code and a package a rule keeps out", () => {
    const keys = (file: string, source: string) => check(file, source).map((v) => v.key);
    expect(keys("app/models/x.ts", 'import { answerLead } from "~/use-cases/leads.server";')).toEqual([
      "app/models/x.ts -> app/use-cases/leads.server.ts",
    ]);
    expect(keys("server/x.ts", 'import { loader } from "~/routes/_index";')).toEqual([
      "server/x.ts -> app/routes/_index.tsx",
    ]);
    expect(keys("app/components/x.tsx", 'import { env } from "~/config/env.server";')).toEqual([
      "app/components/x.tsx -> app/config/env.server.ts",
    ]);
    expect(keys("app/routes/x.ts", 'import { sql } from "kysely";')).toEqual(["app/routes/x.ts -> kysely"]);
    expect(keys("app/components/x.tsx", 'import type { Lead } from "~/models/lead-inbox.server";')).toEqual([]);
    expect(keys("app/components/x.tsx", 'export type { Lead } from "~/models/lead-inbox.server";')).toEqual([]);
    for (const source of [
      'import { type Lead } from "~/models/lead.server";',
      'import type { Lead } from "~/models/lead.server";\nimport { getLead } from "~/models/lead.server";',
      'const m = await import("~/models/lead.server");',
    ]) {
      expect([...new Set(keys("app/components/x.tsx", source))]).toEqual([
        "app/components/x.tsx -> app/models/lead.server.ts",
      ]);
    }
    expect(keys("app/routes/x.ts", 'import type { DB } from "../../db/database.server";')).toEqual([
      "app/routes/x.ts -> db/database.server.ts",
    ]);
    expect(keys("migrations/x.ts", 'import { z } from "zod";')).toEqual(["migrations/x.ts -> zod"]);
    expect(keys("migrations/x.ts", 'import { sql } from "kysely";')).toEqual([]);
  });

  it("names in docs/architecture.md exactly the rules it enforces, row by row", () => {
    const names = (places: string[]) => places.map((p) => p.replace(/\/$/, "")).sort();
    const enforced = RULES.map((r) => ({
      from: names(r.from),
      may: names([...r.may, ...(r.packages ?? []), ...(r.types ?? [])]),
    }));
    const documented = documentedRules().map((r) => ({
      from: names(r.from),
      may: names(r.may.filter((name) => name !== "*.server" && name !== "import type")),
    }));
    expect(documented).toEqual(enforced);
  });

  it("holds every layer to the import rules of docs/architecture.md", () => {
    const unexpected = found.filter((v) => !ALLOWED.includes(v.key)).map((v) => v.message);
    expect(unexpected, `Layering violations:\n${unexpected.join("\n")}\n`).toEqual([]);
  });

  it("logs through the logger: no console in app/, server/ or jobs/ (start-up in server.ts may use it)", () => {
    expect(consoleUses("x.ts", '// console.log("a")\nconst s = "console.error";\nconsole.warn(s);')).toEqual([
      "x.ts:3: console.warn",
    ]);
    const uses = sourceFiles()
      .filter((file) => inside(file, LOGGED) && !/\.test\.tsx?$/.test(file))
      .flatMap((file) => consoleUses(file, fs.readFileSync(path.join(ROOT, file), "utf8")));
    expect(uses, `Log with the logger instead:\n${uses.join("\n")}\n`).toEqual([]);
  });

  it("has no export that nothing imports (a helper only tests call counts as unused)", () => {
    const dead = deadExports();
    const unexpected = dead.filter((key) => !KEPT_EXPORTS.includes(key));
    expect(unexpected, `Unused exports: remove them, or the export keyword:\n${unexpected.join("\n")}\n`).toEqual([]);
    const stale = KEPT_EXPORTS.filter((key) => !dead.includes(key));
    expect(stale, `Now imported: remove from KEPT_EXPORTS:\n${stale.join("\n")}\n`).toEqual([]);
  }, 120_000); // the TypeScript program over the whole repository: seconds on a busy machine

  it("allows only exceptions that still exist", () => {
    const stale = ALLOWED.filter((key) => !found.some((v) => v.key === key));
    expect(stale, `Fixed: remove from ALLOWED in tests/architecture.test.ts:\n${stale.join("\n")}\n`).toEqual([]);
  });
});

// The write path (docs/architecture.md, "The write path"): routes reach a write only through a use
// case; roles are compared in app/lib/roles.ts only; use cases refuse with Refusal alone.

/**
 * The exported functions of app/models that write: their body runs an INSERT, UPDATE or DELETE
 * (through Kysely or as SQL text), takes the transaction (`db: Db`) first, or calls another
 * writing function, of the same module or imported from another model.
 */
function writingModelFunctions(): Map<string, Set<string>> {
  const WRITES =
    /\.(insertInto|updateTable|deleteFrom|replaceInto)\(|\b(INSERT\s+INTO|UPDATE\s+\w+\s+SET|DELETE\s+FROM)\b/;
  const modules = new Map<
    string,
    { bodies: Map<string, { exported: boolean; text: string }>; imports: Map<string, string>; writing: Set<string> }
  >();
  for (const file of sourceFiles().filter((f) => f.startsWith("app/models/") && !/\.test\.tsx?$/.test(f))) {
    const source = ts.createSourceFile(file, fs.readFileSync(path.join(ROOT, file), "utf8"), ts.ScriptTarget.Latest);
    const bodies = new Map<string, { exported: boolean; text: string }>();
    const imports = new Map<string, string>(); // local name -> "file#name" of another model
    const writing = new Set<string>();
    for (const node of source.statements) {
      if (ts.isImportDeclaration(node) && !node.importClause?.isTypeOnly) {
        const target = resolve(file, (node.moduleSpecifier as ts.StringLiteral).text);
        const bindings = node.importClause?.namedBindings;
        if (target?.startsWith("app/models/") && bindings && ts.isNamedImports(bindings)) {
          for (const el of bindings.elements)
            imports.set(el.name.text, `${target}#${(el.propertyName ?? el.name).text}`);
        }
      }
      if (!ts.isFunctionDeclaration(node) || !node.name || !node.body) continue;
      const exported = Boolean(node.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword));
      const first = node.parameters[0];
      const takesDb = Boolean(first?.type && !first.initializer && /^Db$/.test(first.type.getText(source)));
      const text = node.body.getText(source);
      bodies.set(node.name.text, { exported, text });
      if (takesDb || WRITES.test(text)) writing.add(node.name.text);
    }
    modules.set(file, { bodies, imports, writing });
  }
  const isWriting = (key: string) => {
    const [file, name] = key.split("#");
    return modules.get(file)?.writing.has(name) ?? false;
  };
  for (let grew = true; grew; ) {
    grew = false;
    for (const { bodies, imports, writing } of modules.values()) {
      const writers = [...writing, ...[...imports].filter(([, key]) => isWriting(key)).map(([local]) => local)];
      for (const [name, b] of bodies) {
        if (writing.has(name)) continue;
        if (writers.some((w) => new RegExp(`\\b${w}\\(`).test(b.text))) {
          writing.add(name);
          grew = true;
        }
      }
    }
  }
  const out = new Map<string, Set<string>>();
  for (const [file, { bodies, writing }] of modules) {
    const exported = [...writing].filter((n) => bodies.get(n)?.exported);
    if (exported.length) out.set(file, new Set(exported));
  }
  return out;
}

/** `route -> model#function` for every value import of a writing model function by a route module. */
function routeWrites(): string[] {
  const writing = writingModelFunctions();
  const found: string[] = [];
  const routes = sourceFiles().filter(
    (f) => (f.startsWith("app/routes/") || f === "app/root.tsx") && !/\.test\.tsx?$/.test(f),
  );
  for (const file of routes) {
    const source = ts.createSourceFile(file, fs.readFileSync(path.join(ROOT, file), "utf8"), ts.ScriptTarget.Latest);
    for (const node of source.statements) {
      if (!ts.isImportDeclaration(node) || node.importClause?.isTypeOnly) continue;
      const target = resolve(file, (node.moduleSpecifier as ts.StringLiteral).text);
      const names = target ? writing.get(target) : undefined;
      const bindings = node.importClause?.namedBindings;
      if (!names || !bindings || !ts.isNamedImports(bindings)) continue;
      for (const el of bindings.elements) {
        const name = (el.propertyName ?? el.name).text;
        if (!el.isTypeOnly && names.has(name)) found.push(`${file} -> ${target}#${name}`);
      }
    }
  }
  return found;
}

/**
 * Routes that still write through a model, each with its reason. The test fails when one is fixed,
 * so the list only shrinks.
 */
const WRITES_ALLOWED: string[] = [
  // A count of clicks on the WhatsApp button, no one's data and no audit trail: not a use case.
  "app/routes/go.whatsapp.ts -> app/models/whatsapp.server.ts#recordWhatsappClick",
  // The interest figures first write down the view counts kept in memory (nobody's input, no trail).
  "app/routes/admin.create-listing.tsx -> app/models/car-interest.server.ts#interestOf",
  "app/routes/admin.edit-car.$id.tsx -> app/models/car-interest.server.ts#carInterest",
  "app/routes/admin.report.tsx -> app/models/car-interest.server.ts#interestReport",
  "app/routes/api.admin.cars.interest.ts -> app/models/car-interest.server.ts#stockInterest",
  // The health check writes a row and rolls it back, to prove the disk takes writes.
  "app/routes/healthz.ts -> app/models/health.server.ts#siteHealth",
];

/** Error classes other than Refusal, each with why it is not a refusal. */
const OTHER_ERRORS: Record<string, string> = {
  // The edge's byte counter: caught by the readers, which answer a Refusal ("too_large").
  "app/http/body-limit.ts": "BodyTooLargeError",
  // The upload model's verdict on a photo: use cases turn it into a Refusal with the field's message.
  "app/models/upload.server.ts": "ImageRejectedError",
  // Internal: rolls back the health check's test write.
  "app/models/health.server.ts": "RolledBack",
  // Internal: carries the car form's count of waiting buyers out of its rolled-back preview write.
  "app/models/alerts.server.ts": "PreviewDone",
  // Paystack unreachable or answering nonsense: the reservation use cases turn it into a Refusal.
  "app/models/paystack.server.ts": "PaystackError",
};

describe("the write path", () => {
  const code = sourceFiles().filter((f) => /^(app|server)\//.test(f) && !/\.test\.tsx?$/.test(f));
  const text = (f: string) => fs.readFileSync(path.join(ROOT, f), "utf8");

  it("finds the models that write (the car model's createCar and markCarSold among them)", () => {
    const writing = writingModelFunctions();
    expect([...(writing.get("app/models/car.server.ts") ?? [])]).toEqual(
      expect.arrayContaining(["createCar", "updateCar", "deleteCarRow", "markCarSold"]),
    );
    expect(writing.get("app/models/car.server.ts")?.has("getCar")).toBe(false);
    expect(writing.get("app/models/activity.server.ts")?.has("recordActivity")).toBe(true);
  });

  it("no route imports a model function that writes: writes go through a use case", () => {
    const found = routeWrites();
    const unexpected = found.filter((k) => !WRITES_ALLOWED.includes(k));
    expect(unexpected, `Routes writing through a model:\n${unexpected.join("\n")}\n`).toEqual([]);
    const stale = WRITES_ALLOWED.filter((k) => !found.includes(k));
    expect(stale, `Fixed: remove from WRITES_ALLOWED:\n${stale.join("\n")}\n`).toEqual([]);
  });

  it("compares roles only in app/lib/roles.ts", () => {
    const found = code
      .filter((f) => f !== "app/lib/roles.ts")
      .filter((f) => /\brole\s*[!=]==|[!=]==\s*\w*\.?role\b/.test(text(f)));
    expect(found).toEqual([]);
  });

  it("has one refusal class: use cases throw only Refusal, and other error classes are documented", () => {
    const useCaseThrows = code
      .filter((f) => f.startsWith("app/use-cases/"))
      .flatMap((f) => [...text(f).matchAll(/throw new (\w+)\(/g)].map((m) => `${f}: ${m[1]}`))
      .filter((t) => !t.endsWith(": Refusal"));
    expect(useCaseThrows).toEqual([]);
    const classes = code.flatMap((f) =>
      [...text(f).matchAll(/class (\w+) extends Error\b/g)].map((m) => `${f}: ${m[1]}`),
    );
    const documented = [
      "app/lib/refusal.ts: Refusal",
      ...Object.entries(OTHER_ERRORS).map(([f, name]) => `${f}: ${name}`),
    ];
    expect(classes.filter((c) => !documented.includes(c) && !c.startsWith("server/"))).toEqual([]);
  });
});
