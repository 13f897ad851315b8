import { sanitizeRichText } from '../../lib/html.js';

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/**
 * Rich text (the editor's HTML) as plain paragraphs for a document: one string per paragraph, heading or list item
 * (items prefixed "• " or "1. ", nested ones indented), line breaks kept inside a paragraph, no markup left.
 * The HTML is sanitized first, so what is parsed here is the allow-list of tags the editor stores, well formed.
 */
export function richTextToParagraphs(html: string): string[] {
  if (!html || !html.trim()) return [];
  if (!/[<&]/.test(html))
    return html
      .split(/\n{2,}/)
      .map((p) => p.trim())
      .filter(Boolean);
  const clean = sanitizeRichText(html);
  const out: string[] = [];
  let current = '';
  let marker = '';
  const lists: { ordered: boolean; n: number }[] = [];
  const flush = () => {
    const text = current
      .replace(/[ \t\r\f\v]+/g, ' ')
      .replace(/ *\n */g, '\n')
      .trim();
    if (text) {
      out.push(marker + text);
      marker = '';
    }
    current = '';
  };
  const tokens = clean.split(/(<[^>]*>)/);
  for (const token of tokens) {
    if (!token) continue;
    if (token[0] !== '<') {
      current += decodeEntities(token.replace(/\n/g, ' '));
      continue;
    }
    const match = /^<(\/?)([a-z0-9]+)/i.exec(token);
    if (!match) continue;
    const closing = match[1] === '/';
    const tag = match[2].toLowerCase();
    if (tag === 'br') current += '\n';
    else if (tag === 'ul' || tag === 'ol') {
      flush();
      marker = '';
      if (closing) lists.pop();
      else lists.push({ ordered: tag === 'ol', n: 0 });
    } else if (tag === 'li') {
      flush();
      marker = '';
      if (!closing) {
        const list = lists.at(-1);
        const depth = Math.max(0, lists.length - 1);
        marker = `${'    '.repeat(depth)}${list?.ordered ? `${++list.n}. ` : '• '}`;
      }
    } else if (/^(p|h[1-6]|blockquote|pre|hr|div)$/.test(tag)) flush();
  }
  flush();
  return out;
}

/** Rich text as one plain string, paragraphs on their own lines (a spreadsheet cell). */
export function richTextToPlain(html: string): string {
  return richTextToParagraphs(html).join('\n');
}
