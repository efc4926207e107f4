import { describe, expect, it } from "vitest";
import { lowPriorityModulePreloads } from "./module-preloads";

describe("lowPriorityModulePreloads", () => {
  it("marks every module preload as low priority and leaves the rest of the page alone", () => {
    const html =
      '<link rel="stylesheet" href="/build/a.css"/><p>Toyota</p>' +
      '<link rel="modulepreload" href="/build/entry.client-X.js"/>' +
      '<link rel="modulepreload" href="/build/_shared/chunk-Y.js" crossorigin="anonymous"/>';
    expect(lowPriorityModulePreloads(html)).toBe(
      '<link rel="stylesheet" href="/build/a.css"/><p>Toyota</p>' +
        '<link rel="modulepreload" fetchpriority="low" href="/build/entry.client-X.js"/>' +
        '<link rel="modulepreload" fetchpriority="low" href="/build/_shared/chunk-Y.js" crossorigin="anonymous"/>',
    );
  });

  it("keeps a priority that is already given, and is idempotent", () => {
    const once = lowPriorityModulePreloads('<link rel="modulepreload" fetchpriority="high" href="/a.js"/>');
    expect(once).toBe('<link rel="modulepreload" fetchpriority="high" href="/a.js"/>');
    const low = lowPriorityModulePreloads('<link rel="modulepreload" href="/b.js"/>');
    expect(lowPriorityModulePreloads(low)).toBe(low);
  });
});
