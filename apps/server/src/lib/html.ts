import sanitizeHtml from 'sanitize-html';
import { escapeStrayAngles } from '@portal/shared';

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'b',
    'strong',
    'i',
    'em',
    'u',
    's',
    'ul',
    'ol',
    'li',
    'a',
    'h1',
    'h2',
    'h3',
    'h4',
    'blockquote',
    'span',
    'sup',
    'sub',
    'code',
    'pre',
    'hr',
  ],
  allowedAttributes: { a: ['href', 'target', 'rel'], span: ['style'], p: ['style'] },
  allowedStyles: {
    '*': { 'text-align': [/^(left|right|center|justify|start|end)$/], 'font-weight': [/^(normal|bold|\d{3})$/] },
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer', target: '_blank' }) },
};

/**
 * Rich text as it may be stored: an allow-list of formatting tags, no scripts, handlers or foreign schemes. A `<` that
 * starts no markup ("<Annex B>") is the writer's character and is kept as such, not dropped as an unknown tag.
 */
export function sanitizeRichText(html: string): string {
  return html ? sanitizeHtml(escapeStrayAngles(html), OPTIONS) : html;
}
