// BUILD_DIR (optional, a folder inside the project such as .builds/x so node_modules resolve) puts the server build
// and the browser assets in one other folder, so that several builds (parallel test runs) never overwrite each other.
// Unset: build/ and public/build/.
const dir = process.env.BUILD_DIR;

/** @type {import('@remix-run/dev').AppConfig} */
export default {
  ignoredRouteFiles: ["**/.*", "**/*.test.{ts,tsx}"],
  serverModuleFormat: "esm",
  // The back office's Mantine and the small packages it uses are compiled into the server build, so
  // it holds only the components the pages use (about 13 MB less memory than loading every module
  // of the packages at start). React, Remix and the rest stay in node_modules. @mantine/charts is not
  // here: only the browser loads it (app/components/admin/MonthlyChart.tsx).
  serverDependenciesToBundle: [
    /^@mantine\/(core|hooks)$/,
    /^@floating-ui\//,
    /^@babel\/runtime\//,
    "clsx",
    /^react-remove-scroll/,
    "react-style-singleton",
    "react-textarea-autosize",
    "tabbable",
    "tslib",
    /^use-(callback-ref|composed-ref|latest|sidecar|isomorphic-layout-effect)$/,
    "get-nonce",
  ],
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
