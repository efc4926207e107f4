import crypto from "node:crypto";

/**
 * Script CSP without nonces: a cached page is sent to many visitors, so a per-response nonce
 * cannot be in it. Instead every inline <script> of a page is allowed by the hash of its exact
 * text, computed once when the page is rendered, and nothing else inline may run.
 */

const INLINE_SCRIPT = /<script\b(?![^>]*\bsrc\s*=)[^>]*>([\s\S]*?)<\/script>/gi;

/** 'sha256-…' sources for every inline script of an HTML document, in order, without repeats. */
export function inlineScriptHashes(html: string): string[] {
  const out = new Set<string>();
  for (const m of html.matchAll(INLINE_SCRIPT)) {
    out.add(`'sha256-${crypto.createHash("sha256").update(m[1], "utf8").digest("base64")}'`);
  }
  return [...out];
}

/** The policy with `script-src` extended by the given sources (the policy's other directives kept). */
export function withScriptSources(policy: string, sources: string[]): string {
  if (sources.length === 0) return policy;
  const directives = policy
    .split(";")
    .map((d) => d.trim())
    .filter(Boolean);
  const i = directives.findIndex((d) => /^script-src\s/i.test(d) || d.toLowerCase() === "script-src");
  if (i === -1) directives.push(`script-src 'self' ${sources.join(" ")}`);
  else directives[i] = `${directives[i]} ${sources.join(" ")}`;
  return directives.join(";");
}
