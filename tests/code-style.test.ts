// The project's line-length rule: Biome formats the code to 120 columns but cannot break long
// strings, comments, template literals or JSX text, so this test checks every source line of the
// repository (git-tracked files and new untracked ones that are not ignored) is at most 120 characters long.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(__dirname, "..");
const MAX = 120;

/** Folders checked, plus the root's own `*.ts`/`*.js`/`*.cjs` files. */
const PATHSPECS = ["app", "server", "jobs", "db", "migrations", "scripts", "tests", "*.ts", "*.js", "*.cjs"];
const EXTENSIONS = /\.(ts|tsx|js|cjs|css)$/;

function sourceFiles(): string[] {
  const out = execFileSync("git", ["ls-files", "-co", "--exclude-standard", "--", ...PATHSPECS], {
    cwd: ROOT,
    encoding: "utf8",
  });
  const files = out.split("\n").filter((file) => EXTENSIONS.test(file));
  // A tracked file deleted from the working tree is still listed: only files on disk are read.
  return [...new Set(files)].filter((file) => fs.existsSync(path.join(ROOT, file))).sort();
}

describe("code style", () => {
  it(`has no line over ${MAX} characters`, () => {
    const files = sourceFiles();
    expect(files).toContain("tests/code-style.test.ts");
    const long: string[] = [];
    for (const file of files) {
      const lines = fs.readFileSync(path.join(ROOT, file), "utf8").split(/\r?\n/);
      lines.forEach((line, i) => {
        // Characters (code points) as Biome counts them, not UTF-8 bytes: “ and × are one each.
        const length = [...line].length;
        if (length > MAX) long.push(`${file}:${i + 1} (${length})`);
      });
    }
    expect(long, `lines over ${MAX} characters:\n${long.join("\n")}`).toEqual([]);
  });
});
