/**
 * Nigerian phone numbers. Buyers type them many ways (0803 555 0142, +234 803-555-0142,
 * 2348035550142, +234 (0) 803 555 0142); we store one form: +234 and ten digits.
 */

/** Mobile numbers: 070x, 080x, 081x, 090x, 091x (without the leading 0). */
const NATIONAL_MOBILE = /^[789][01]\d{8}$/;

/** "+2348035550142" for any accepted format, null when it is not a Nigerian mobile number. */
export function normalizeNigerianPhone(input: string): string | null {
  const compact = input.trim().replace(/[\s\-().]/g, "");
  const national = (compact.match(/^(?:\+|00)?2340?(\d{10})$/) ?? compact.match(/^0(\d{10})$/))?.[1] ?? null;
  if (!national || !NATIONAL_MOBILE.test(national)) return null;
  return `+234${national}`;
}

/** "+234 803 555 0142" for a stored number; anything else is returned as it is. */
export function formatNigerianPhone(stored: string): string {
  const m = stored.match(/^\+234(\d{3})(\d{3})(\d{4})$/);
  return m ? `+234 ${m[1]} ${m[2]} ${m[3]}` : stored;
}

/** "0803 555 0142": a stored number as people write it at home (the settings form shows this). */
export function localNigerianPhone(stored: string): string {
  const m = stored.match(/^\+234(\d{3})(\d{3})(\d{4})$/);
  return m ? `0${m[1]} ${m[2]} ${m[3]}` : stored;
}
