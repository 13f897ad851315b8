/**
 * The rules of the global settings form, one definition for the screen and the server: the form's validators
 * and PUT /home's schema both call these, so the server accepts exactly what the form lets through.
 */

/** A colour as the server stores it: # and six hex digits. */
export const isHexColour = (value: string) => /^#[0-9a-fA-F]{6}$/.test(value.trim());

/** An http(s) address with a host, at most 500 characters; empty means "no link". */
export function isHttpLink(value: string): boolean {
  const v = value.trim();
  if (!v) return true;
  if (!/^https?:\/\//i.test(v) || v.length > 500) return false;
  try {
    return Boolean(new URL(v).hostname);
  } catch {
    return false;
  }
}

/**
 * The logo: empty (the default regional logo), a path on this site (an uploaded file, served by the portal) or an https
 * address (the security policy lets pages show https images; plain http would be blocked as mixed content).
 */
export function isLogoAddress(value: string): boolean {
  const v = value.trim();
  if (!v) return true;
  if (v.length > 500) return false;
  if (v.startsWith('/')) return !v.startsWith('//') && !v.includes('\\');
  return /^https:\/\//i.test(v) && isHttpLink(v);
}

/** The region title: required, at most 200 characters. */
export const REGION_TITLE_MAX = 200;
