/**
 * The one rule for a link a staff member types and the site later shows (a hero slide's button,
 * the promotion bar, the social links): a page of this site, or a full https:// address.
 *
 * A site-relative link starts with a single `/` that is not followed by another `/` or a `\`:
 * browsers read `//host`, `/\host` and `\/host` as another site. Nothing in a link may be a
 * control character or whitespace (a browser drops tabs and line breaks, so `/\t/host` is `//host`).
 */

const UNSAFE = /[\s\p{Cc}\p{Cf}\p{Z}]/u;

/** "/browse?condition=new" yes; "//evil.example", "/\evil.example", "/\t/evil.example" no. */
export function isSiteRelativeLink(value: string): boolean {
  return !UNSAFE.test(value) && /^\/(?![/\\])/.test(value);
}

/** A full https:// address of a named host, with no user name or password in it. */
export function isHttpsLink(value: string): boolean {
  if (UNSAFE.test(value) || !/^https:\/\//i.test(value)) return false;
  try {
    const url = new URL(value);
    return url.protocol === "https:" && url.hostname.includes(".") && !url.username && !url.password;
  } catch {
    return false;
  }
}

/** A page of this site or a full https:// address. */
export function isSiteOrHttpsLink(value: string): boolean {
  return isSiteRelativeLink(value) || isHttpsLink(value);
}
