/**
 * Stored text read for a document. Rich text (the editor's HTML) becomes blocks — paragraphs, headings and list items
 * — of runs that keep bold, italics, underline, strike-through, superscript and subscript, so that the PDF and the
 * Word file set them as written; a plain field is read as typed (see `isRichText`), "<Annex B>" included.
 */
import { decodeEntities, isRichText } from '@portal/shared';
import { sanitizeRichText } from '../../lib/html.js';

/** A piece of a paragraph in one style. */
export interface TextRun {
  text: string;
  bold?: true;
  italic?: true;
  underline?: true;
  strike?: true;
  sup?: true;
  sub?: true;
}

/** A paragraph, a heading (level 1–6) or a list item (its marker "• " or "1. ", indented by depth). */
export interface RichBlock {
  kind: 'paragraph' | 'heading' | 'item';
  level?: number;
  /** The whole text as read aloud: the item's marker and the runs' texts. */
  text: string;
  runs: TextRun[];
}

type Style = Omit<TextRun, 'text'>;
const STYLE_OF: Record<string, keyof Style> = {
  b: 'bold',
  strong: 'bold',
  i: 'italic',
  em: 'italic',
  u: 'underline',
  s: 'strike',
  sup: 'sup',
  sub: 'sub',
};

/** Runs with spaces collapsed, blank ones dropped, neighbours of one style merged. */
function tidy(runs: TextRun[]): TextRun[] {
  const out: TextRun[] = [];
  for (const run of runs) {
    const text = run.text.replace(/[ \t\r\f\v]+/g, ' ').replace(/ *\n */g, '\n');
    const last = out.at(-1);
    const same = (a: TextRun, b: TextRun) =>
      (Object.keys(STYLE_OF) as string[]).every((k) => a[STYLE_OF[k]!] === b[STYLE_OF[k]!]);
    if (last && same(last, run)) last.text += text;
    else out.push({ ...run, text });
  }
  if (out.length) {
    out[0]!.text = out[0]!.text.trimStart();
    out.at(-1)!.text = out.at(-1)!.text.trimEnd();
  }
  return out.filter((r) => r.text !== '');
}

/** The editor's HTML as blocks of styled runs. The HTML is sanitized first: only the allow-list, well formed. */
export function richTextToBlocks(html: string): RichBlock[] {
  if (!html || !html.trim()) return [];
  if (!/[<&]/.test(html)) return plainBlocks(html);
  const clean = sanitizeRichText(html);
  const out: RichBlock[] = [];
  let runs: TextRun[] = [];
  let block: Omit<RichBlock, 'text' | 'runs'> = { kind: 'paragraph' };
  let marker = '';
  const open: Record<keyof Style, number> = { bold: 0, italic: 0, underline: 0, strike: 0, sup: 0, sub: 0 };
  const lists: { ordered: boolean; n: number }[] = [];
  const flush = () => {
    const kept = tidy(runs);
    runs = [];
    if (!kept.length) return;
    const indent = '    '.repeat(Math.max(0, (block.level ?? 1) - 1));
    const text = (marker ? indent + marker : '') + kept.map((r) => r.text).join('');
    out.push({ ...block, text, runs: marker ? [{ text: marker }, ...kept] : kept });
    marker = '';
    block = { kind: lists.length ? 'item' : 'paragraph', ...(lists.length ? { level: lists.length } : {}) };
  };
  for (const token of clean.split(/(<[^>]*>)/)) {
    if (!token) continue;
    if (token[0] !== '<') {
      const style: Style = {};
      for (const key of Object.keys(open) as (keyof Style)[]) if (open[key] > 0) style[key] = true;
      runs.push({ text: decodeEntities(token.replace(/\n/g, ' ')), ...style });
      continue;
    }
    const match = /^<(\/?)([a-z0-9]+)/i.exec(token);
    if (!match) continue;
    const closing = match[1] === '/';
    const tag = match[2]!.toLowerCase();
    const style = STYLE_OF[tag];
    if (style) open[style] = Math.max(0, open[style] + (closing ? -1 : 1));
    else if (tag === 'br') runs.push({ text: '\n' });
    else if (tag === 'ul' || tag === 'ol') {
      flush();
      if (closing) lists.pop();
      else lists.push({ ordered: tag === 'ol', n: 0 });
      block = { kind: lists.length ? 'item' : 'paragraph', ...(lists.length ? { level: lists.length } : {}) };
    } else if (tag === 'li') {
      flush();
      if (!closing) {
        const list = lists.at(-1);
        marker = list?.ordered ? `${++list.n}. ` : '• ';
        block = { kind: 'item', level: lists.length };
      }
    } else if (/^h[1-6]$/.test(tag)) {
      flush();
      if (!closing) block = { kind: 'heading', level: Number(tag[1]) };
    } else if (/^(p|blockquote|pre|hr|div)$/.test(tag)) flush();
  }
  flush();
  return out;
}

/** Text typed in a plain field, as blocks: one paragraph per blank-line-separated part, line breaks kept. */
function plainBlocks(text: string): RichBlock[] {
  return text
    .split(/\n{2,}/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => ({ kind: 'paragraph', text: p, runs: [{ text: p }] }));
}

/** A stored text of either kind (see `isRichText`) as blocks. */
export function storedTextBlocks(text: string): RichBlock[] {
  return isRichText(text) ? richTextToBlocks(text) : plainBlocks(text);
}

/** Rich text as plain paragraphs: one string per paragraph, heading or list item, no markup left. */
export function richTextToParagraphs(html: string): string[] {
  return richTextToBlocks(html).map((b) => b.text);
}
