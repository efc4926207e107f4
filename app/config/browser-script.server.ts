import fs from "node:fs";
import path from "node:path";

/**
 * The address of the plain script of the pages that run no React (app/browser/, bundled by
 * scripts/build-browser.mjs beside Remix's files, under a name that changes with its content).
 * The build writes its name into browser-script.json in the same folder; BUILD_DIR moves that
 * folder as it does for server.ts. Read once; null without a build (the pages then work as they do
 * without JavaScript).
 */
let script: string | null | undefined;

export function browserScript(): string | null {
  if (script !== undefined) return script;
  const dir = process.env.BUILD_DIR ? `${process.env.BUILD_DIR}/public` : "public/build";
  try {
    const { file } = JSON.parse(fs.readFileSync(path.resolve(dir, "browser-script.json"), "utf8")) as { file: string };
    script = /^[\w.-]+\.js$/.test(file) ? `/build/${file}` : null;
  } catch {
    script = null;
  }
  return script;
}
