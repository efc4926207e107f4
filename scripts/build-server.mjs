// The second half of `npm run build` (after `remix build`): compiles server.ts and everything it
// imports from server/, app/ and db/ into one plain-JavaScript file, build/server.js (or
// $BUILD_DIR/server.js), that `node` runs without TypeScript. Packages stay outside the bundle
// (they are loaded from node_modules, as in development), so native modules and Remix's runtime
// are the same files for the server and the app build.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const outfile = path.join(root, process.env.BUILD_DIR ?? "build", "server.js");

const started = performance.now();
await build({
  entryPoints: [path.join(root, "server.ts")],
  outfile,
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  // Every package import (a name, not a path or the ~/ alias of app/) is left to node_modules.
  plugins: [
    {
      name: "packages-external",
      setup(b) {
        b.onResolve({ filter: /^[^./~]/ }, (args) => ({ path: args.path, external: true }));
      },
    },
  ],
  sourcemap: "linked",
  logLevel: "warning",
  tsconfig: path.join(root, "tsconfig.json"),
});
console.log(`Server built: ${path.relative(root, outfile)} (${Math.round(performance.now() - started)} ms)`);
