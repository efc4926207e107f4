import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { inlineScriptHashes, withScriptSources } from "./csp";

const sha = (s: string) => `'sha256-${crypto.createHash("sha256").update(s).digest("base64")}'`;

describe("script hashes", () => {
  it("hashes the exact text of every inline script, and skips external ones", () => {
    const html = `<head><script src="/build/x.js"></script><script>window.a=1</script></head>
      <body><script type="module" async="">import "/build/m.js";</script><script>window.a=1</script></body>`;
    expect(inlineScriptHashes(html)).toEqual([sha("window.a=1"), sha('import "/build/m.js";')]);
  });

  it("adds them to script-src and keeps the other directives", () => {
    const policy = "default-src 'self';script-src 'self';style-src 'self' 'unsafe-inline'";
    expect(withScriptSources(policy, ["'sha256-x'"])).toBe(
      "default-src 'self';script-src 'self' 'sha256-x';style-src 'self' 'unsafe-inline'",
    );
    expect(withScriptSources(policy, [])).toBe(policy);
  });
});
