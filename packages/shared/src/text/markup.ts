/**
 * Stored text is of two kinds: rich text (the opening statement, the cells of the horizontal and MFN tables: the
 * editor's HTML) and plain text (levels of commitment, notes, additional commitments: typed in plain fields). A plain
 * field may still hold the editor's HTML when another client or an older version wrote it, so a reader asks
 * `isRichText` before reading it as HTML: "<Annex B>" or "A & B" typed as text stay what was typed.
 */

/** The tags the rich-text editor writes (the server's allow-list), opening or closing. */
const EDITOR_TAG =
  /<\/?(?:p|br|b|strong|i|em|u|s|ul|ol|li|a|h[1-6]|blockquote|span|sup|sub|code|pre|hr|div)(?:\s[^<>]*)?\/?>/i;

/** True when a stored text holds the editor's markup, false for text typed as is. */
export function isRichText(text: string): boolean {
  return EDITOR_TAG.test(text);
}

/**
 * What follows a `<` that starts markup: an element of HTML (or a namespaced one, as Word writes `<o:p>`), a comment
 * or a declaration. A `<` followed by anything else is a character the writer typed ("<Annex B>", "< 49 %").
 */
const MARKUP_AFTER_LT =
  /^(?:\/?(?:a|abbr|address|area|article|aside|audio|b|base|bdi|bdo|blockquote|body|br|button|canvas|caption|cite|code|col|colgroup|data|dd|del|details|dfn|dialog|div|dl|dt|em|embed|fieldset|figcaption|figure|font|footer|form|h[1-6]|head|header|hr|html|i|iframe|img|input|ins|kbd|label|legend|li|link|main|map|mark|meta|nav|noscript|object|ol|optgroup|option|p|param|picture|pre|q|s|samp|script|section|select|small|source|span|strike|strong|style|sub|summary|sup|svg|table|tbody|td|template|textarea|tfoot|th|thead|time|title|tr|u|ul|var|video|wbr|[a-z]+:[a-z]+)[\s/>]|[!?])/i;

/** `<` signs that start no markup, escaped, so that a sanitizer keeps them as text instead of dropping a "tag". */
export function escapeStrayAngles(html: string): string {
  if (!html.includes('<')) return html;
  return html.replace(/</g, (lt: string, at: number) =>
    MARKUP_AFTER_LT.test(html.slice(at + 1, at + 41)) ? lt : '&lt;',
  );
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** The characters of HTML's character references (named ones of the editor's output, decimal and hexadecimal). */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}
