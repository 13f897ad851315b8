/**
 * The spec's long-text rule (its business constants): texts longer than the limit are cut, with a 'show more' toggle.
 */
import { SHOW_MORE_LIMIT } from '@portal/shared';

/** The visible words of some HTML, spaces collapsed (for measuring and for the short version). */
export function plainText(html: string): string {
  const text = html
    .replace(/<(br|\/p|\/li|\/h\d|\/div)\s*\/?>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'");
  return text.replace(/\s+/g, ' ').trim();
}

/** True when the text is longer than the limit and needs a toggle. */
export function needsShowMore(text: string, limit: number = SHOW_MORE_LIMIT): boolean {
  return [...text].length > limit;
}

/**
 * The text cut to at most `limit` characters, at the last space when one is near, with an ellipsis.
 * Counts code points so an emoji or a combining Arabic letter is never split in half.
 */
export function shortVersion(text: string, limit: number = SHOW_MORE_LIMIT): string {
  const chars = [...text];
  if (chars.length <= limit) return text;
  const cut = chars.slice(0, limit).join('');
  const space = cut.lastIndexOf(' ');
  const kept = space >= limit * 0.6 ? cut.slice(0, space) : cut;
  return `${kept.replace(/[\s.,;:!?،؛-]+$/u, '')}…`;
}
