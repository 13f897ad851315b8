import { memo } from 'react';
import { sanitizeHtml } from './sanitize';

/** Stored rich text, sanitized, for reading. */
export const RichTextView = memo(function RichTextView({ html, className }: { html: string; className?: string }) {
  return (
    <div
      className={['rich-text', className].filter(Boolean).join(' ')}
      dangerouslySetInnerHTML={{ __html: sanitizeHtml(html) }}
    />
  );
});
