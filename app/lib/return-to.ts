/**
 * Where signing in goes back to: the back-office page that asked (`next`), never another site.
 * Only a path of this site under /admin is taken: "//evil.example", "/\evil", "https://…",
 * "javascript:…", encoded tricks and the login and logout pages themselves are ignored.
 */
const ORIGIN = "http://return-to.invalid";

export function safeReturnPath(raw: string | null | undefined): string | null {
  if (!raw || raw.length > 1000 || !raw.startsWith("/") || raw.startsWith("//")) return null;
  // Backslashes and control characters: browsers read "/\evil" as "//evil".
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this refuses
  if (/[\\\u0000-\u001f\u007f]/.test(raw)) return null;
  let url: URL;
  try {
    url = new URL(raw, ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== ORIGIN) return null;
  if (url.pathname !== "/admin" && !url.pathname.startsWith("/admin/")) return null;
  if (/^\/admin\/(login|logout)\/?$/.test(url.pathname)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The login page's address: the inactivity notice when the session ran out, and where to go back to. */
export function loginPath(opts: { inactive?: boolean; next?: string | null } = {}): string {
  const params = new URLSearchParams();
  if (opts.inactive) params.set("reason", "inactivity");
  const next = safeReturnPath(opts.next);
  if (next && next !== "/admin") params.set("next", next);
  const query = params.toString();
  return query ? `/admin/login?${query}` : "/admin/login";
}
