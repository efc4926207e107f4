import { createRequire } from "node:module";

/**
 * Drops the require-cache entries of CommonJS files that were never run. When an ES module
 * imports a CommonJS package, Node's loader reads every file the package might re-export to learn
 * its export names, and leaves each in the require cache with its source text, whether it runs
 * or not: in production that is react-dom's 2 MB development build, held for the life of the
 * process. Called once the app is loaded; a later require of such a file would load it afresh
 * (instead of finding an empty placeholder). Returns how many were dropped.
 */
export function forgetUnloadedModules(): number {
  const cache = createRequire(import.meta.url).cache;
  let dropped = 0;
  for (const [file, module] of Object.entries(cache)) {
    if (module && !module.loaded) {
      delete cache[file];
      dropped++;
    }
  }
  return dropped;
}
