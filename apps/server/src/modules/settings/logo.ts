import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import type { Actor, AppContext, RequestMeta } from '../../context.js';
import { notFound, refusal } from '../../errors.js';
import { withStore } from '../files/service.js';
import { updateHomeSettings } from './service.js';

/** Largest logo accepted: a header image, not a poster. */
export const LOGO_MAX_BYTES = 1024 * 1024;

export type LogoKind = 'png' | 'jpg' | 'svg';

const CONTENT_TYPES: Record<LogoKind, string> = { png: 'image/png', jpg: 'image/jpeg', svg: 'image/svg+xml' };
/** Keys of stored logos: `logo-` and 24 hex digits, with the kind as extension (a valid file-store key). */
const LOGO_KEY = /^logo-[0-9a-f]{24}\.(png|jpg|svg)$/;

/** What the bytes are, read from their content (never from the name the browser gave): PNG, JPEG, SVG or null. */
export function logoKind(data: Buffer): LogoKind | null {
  if (data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'jpg';
  const head = data
    .subarray(0, 4096)
    .toString('utf8')
    .replace(/^\uFEFF/, '');
  // An XML declaration, comments, a DTD (refused later as unsafe) and white space may come before the root element,
  // which must be <svg>.
  const start = head.replace(
    /^\s*(<\?xml[^>]*\?>)?\s*(<!--[\s\S]*?-->\s*|<!DOCTYPE[^[>]*(\[[\s\S]*?\])?\s*>\s*)*/i,
    '',
  );
  return /^<svg[\s>]/i.test(start) ? 'svg' : null;
}

/**
 * Why an SVG may not be shown as the portal's logo, or null. An SVG is a document that can run scripts, load other
 * resources and expand entities: anything of that kind is refused rather than guessed at — scripts, event handlers,
 * foreign HTML, links other than to the image's own parts, animations of links, DTDs and entities.
 */
export function unsafeSvg(text: string): string | null {
  const checks: [RegExp, string][] = [
    [/<!DOCTYPE|<!ENTITY/i, 'a DTD or entities'],
    [/<\s*(script|foreignObject|iframe|embed|object|handler|listener)\b/i, 'a script or embedded content'],
    [/[\s"'/]on[a-z]+\s*=/i, 'an event handler'],
    [/\b(?:xlink:)?href\s*=\s*(?:"\s*(?!#)|'\s*(?!#)|(?!["'#\s]))/i, 'a link to something outside the image'],
    [/attributeName\s*=\s*["']?\s*(?:xlink:)?href/i, 'an animated link'],
    [/url\(\s*(?:"\s*(?!#)|'\s*(?!#)|(?!["'#\s]))/i, 'a style loading something outside the image'],
    [/javascript:|vbscript:|data:text\/html/i, 'a script address'],
    [/@import/i, 'a style import'],
  ];
  for (const [pattern, what] of checks) if (pattern.test(text)) return what;
  return null;
}

/**
 * Stores an uploaded logo (PNG, JPG or SVG, checked by content; an SVG must be free of scripts and outside links) in
 * the file store and makes it the portal's logo, served by GET /api/home/logo/{key}. The change is audited like any
 * settings change.
 */
export async function uploadLogo(
  ctx: AppContext,
  { actor, data, meta }: { actor: Actor; data: Buffer; meta: RequestMeta },
) {
  if (data.length > LOGO_MAX_BYTES) throw refusal('LOGO_TOO_LARGE');
  const kind = logoKind(data);
  if (!kind) throw refusal('LOGO_TYPE');
  if (kind === 'svg') {
    const problem = unsafeSvg(data.toString('utf8'));
    if (problem) throw refusal('LOGO_UNSAFE', `(${problem})`);
  }
  const key = `logo-${crypto.randomBytes(12).toString('hex')}.${kind}`;
  await withStore(ctx, () => ctx.files.put(key, data), 'The logo could not be stored. Please try again later.');
  return updateHomeSettings(ctx, { actor, changes: { logo: `/api/home/logo/${key}` }, meta });
}

/** A stored logo for anyone (the header shows it on every page); an unknown key is 404. */
export async function openLogo(ctx: AppContext, key: string): Promise<{ stream: Readable; contentType: string }> {
  const match = LOGO_KEY.exec(key);
  if (!match) throw notFound();
  const stream = await withStore(ctx, () => ctx.files.get(key), 'The logo cannot be read right now.');
  if (!stream) throw notFound();
  return { stream, contentType: CONTENT_TYPES[match[1] as LogoKind] };
}
