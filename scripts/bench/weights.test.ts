import { describe, expect, it } from "vitest";
import { pageRefs, staticImports } from "./weights";

describe("staticImports", () => {
  it("finds minified imports, bare imports and re-exports", () => {
    const js =
      'import{a as e,b$ as t}from"/build/_shared/chunk-A.js";import"/build/_shared/chunk-B.js";' +
      'import * as r from "./chunk-C.js";export{x}from"../chunk-D.js";export*from"/build/E.js";var n=1;';
    expect(staticImports(js)).toEqual([
      "/build/_shared/chunk-A.js",
      "/build/_shared/chunk-B.js",
      "./chunk-C.js",
      "../chunk-D.js",
      "/build/E.js",
    ]);
  });

  it("leaves out dynamic import() and import.meta", () => {
    const js = 'const m=import("/build/lazy.js");const u=import.meta.url;x.import("/build/no.js");';
    expect(staticImports(js)).toEqual([]);
  });

  it("reads an inline module script that starts with a semicolon", () => {
    expect(
      staticImports(
        ';\nimport * as route0 from "/build/root-1.js";\nimport * as route1 from "/build/routes/_index-2.js";',
      ),
    ).toEqual(["/build/root-1.js", "/build/routes/_index-2.js"]);
  });
});

describe("pageRefs", () => {
  it("collects script src, modulepreloads, stylesheets and inline module imports, once each", () => {
    const html = `<!DOCTYPE html><html><head>
      <link rel="stylesheet" href="/build/_assets/global-1.css"/>
      <link rel="preload" as="image" href="/hero.webp"/>
      <link rel="modulepreload" href="/build/entry.client-1.js"/>
      <link rel=modulepreload href='/build/_shared/chunk-1.js'>
      <link rel="stylesheet" href="/build/_assets/global-1.css"/>
      <script nonce="x">window.__remixContext = {"a":"import x from '/build/not-module.js'"};</script>
      <script src="/build/legacy.js" defer></script>
      <script type="module" async="">;
      import * as route0 from "/build/root-1.js";
      import "/build/entry.client-1.js";
      </script></head><body></body></html>`;
    expect(pageRefs(html)).toEqual({
      scripts: ["/build/entry.client-1.js", "/build/_shared/chunk-1.js", "/build/legacy.js", "/build/root-1.js"],
      styles: ["/build/_assets/global-1.css"],
    });
  });
});
