// `node scripts/complete-lock.mjs`: records in package-lock.json the platform builds of a package
// (Biome's and Rollup's native binaries) that the lock names as optional dependencies but lacks,
// so `npm ci` accepts the lock on every platform. npm leaves them out when the registry it used
// could not describe them (a mirror that only carries Linux builds). Each added entry copies an
// entry of the same package family that is present (version, licence, dev flag) and takes its
// os, cpu and libc from the package's name; it has no integrity hash, so npm checks the tarball
// over TLS only. Run it after `npm install` whenever `npm ci` reports "Missing: ... from lock file".
import fs from "node:fs";

const LOCK = new URL("../package-lock.json", import.meta.url);
const lock = JSON.parse(fs.readFileSync(LOCK, "utf8"));
const packages = lock.packages;

const OSES = ["android", "darwin", "freebsd", "linux", "netbsd", "openbsd", "openharmony", "sunos", "win32", "aix"];
const CPUS = ["arm64", "x64", "ia32", "loong64", "ppc64", "riscv64", "s390x", "arm"];

/** os, cpu and libc of a platform package from its name, e.g. @rollup/rollup-linux-arm-musleabihf. */
export function platformOf(name) {
  const parts = name.split("/").pop().split("-");
  const os = parts.find((p) => OSES.includes(p));
  const cpu = parts.find((p) => CPUS.includes(p));
  if (!os || !cpu) return null;
  const out = { cpu: [cpu], os: [os] };
  if (os === "linux") out.libc = [name.includes("musl") ? "musl" : "glibc"];
  return out;
}

/** The lock path a dependency of `parent` resolves to, like Node walks up node_modules folders. */
function resolved(parent, dep) {
  let base = parent;
  for (;;) {
    const candidate = `${base ? `${base}/` : ""}node_modules/${dep}`;
    if (packages[candidate]) return candidate;
    if (base === "") return null;
    const i = base.lastIndexOf("/node_modules/");
    base = i < 0 ? "" : base.slice(0, i);
  }
}

let added = 0;
for (const [key, entry] of Object.entries(packages)) {
  const optional = entry.optionalDependencies ?? {};
  const names = Object.keys(optional);
  const sibling = names.map((n) => resolved(key, n)).find(Boolean);
  for (const name of names) {
    if (resolved(key, name)) continue;
    const platform = platformOf(name);
    if (!platform || !sibling) {
      console.warn(`Left out ${name} (optional for ${key}): not a platform build npm could describe.`);
      continue;
    }
    const {
      integrity: _integrity,
      resolved: _resolved,
      cpu: _cpu,
      os: _os,
      libc: _libc,
      ...common
    } = packages[sibling];
    const target = packages[`node_modules/${name}`] ? `${key}/node_modules/${name}` : `node_modules/${name}`;
    packages[target] = { ...common, version: optional[name], ...platform };
    added += 1;
  }
}

const sorted = Object.fromEntries(
  Object.entries(packages).sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a.localeCompare(b, "en"))),
);
lock.packages = sorted;
fs.writeFileSync(LOCK, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`package-lock.json: ${added} platform builds recorded.`);
