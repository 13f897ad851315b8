import DOMPurify from 'dompurify';

/** Rich text as shown: the server sanitizes before storing, and the browser again before showing (DESIGN 7). */
export function sanitizeHtml(html: string): string {
  return DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input'],
    FORBID_ATTR: ['style'],
  });
}

/** True when the HTML holds no visible text (an empty editor gives '<p></p>'). */
export function isBlankHtml(html: string): boolean {
  return (
    html
      .replace(/<[^>]*>/g, '')
      .replace(/&nbsp;/g, ' ')
      .trim() === ''
  );
}
