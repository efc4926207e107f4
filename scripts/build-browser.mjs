// Part of `npm run build` (after `remix build`): bundles app/browser/main.ts, the plain script of
// the pages that run no React (app/lib/page-scripts.ts), into the browser assets folder
// (public/build, or $BUILD_DIR/public) as browser-<hash>.js, and writes that name into
// browser-script.json there for the server (app/config/browser-script.server.ts).
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const outdir = path.join(root, process.env.BUILD_DIR ? `${process.env.BUILD_DIR}/public` : "public/build");

const started = performance.now();
const result = await build({
  entryPoints: { browser: path.join(root, "app/browser/main.ts") },
  entryNames: "[name]-[hash]",
  outdir,
  bundle: true,
  format: "esm",
  platform: "browser",
  target: ["chrome90", "firefox90", "safari14"],
  minify: true,
  metafile: true,
  logLevel: "warning",
  tsconfig: path.join(root, "tsconfig.json"),
});
const [file] = Object.keys(result.metafile.outputs).filter((f) => f.endsWith(".js"));
const name = path.basename(file);
fs.writeFileSync(path.join(outdir, "browser-script.json"), `${JSON.stringify({ file: name })}\n`);
const size = fs.statSync(path.join(outdir, name)).size;
console.log(
  `Browser script built: ${name}, ${(size / 1024).toFixed(1)} KB (${Math.round(performance.now() - started)} ms)`,
);
