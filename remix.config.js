// BUILD_DIR (optional, a folder inside the project such as .builds/x so node_modules resolve) puts the server build
// and the browser assets in one other folder, so that several builds (parallel test runs) never overwrite each other.
// Unset: build/ and public/build/.
const dir = process.env.BUILD_DIR;

/** @type {import('@remix-run/dev').AppConfig} */
export default {
  ignoredRouteFiles: ["**/.*", "**/*.test.{ts,tsx}"],
  serverModuleFormat: "esm",
  postcss: true,
  ...(dir
    ? {
        serverBuildPath: `${dir}/index.js`,
        assetsBuildDirectory: `${dir}/public`,
        cacheDirectory: `${dir}/.cache`,
      }
    : {}),
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: false,
    v3_singleFetch: true,
  },
};
