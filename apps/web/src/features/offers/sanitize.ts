import DOMPurify, { type WindowLike } from 'dompurify';

/** The browser's DOMPurify; where there is no DOM (the server's render of the first screen), one on a window given. */
let purify = DOMPurify;

/** Sanitizes with the DOM of this window from now on (app/renderFirstScreen.tsx gives jsdom's). */
export function sanitizeIn(window: WindowLike): void {
  purify = DOMPurify(window);
}

/** Rich text as shown: the server sanitizes before storing, and the browser again before showing (DESIGN 7). */
export function sanitizeHtml(html: string): string {
  return purify.sanitize(html, {
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
