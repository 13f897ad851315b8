import { memo, useMemo } from 'react';
import { isolateHtml } from '../../components/Bidi';
import { sanitizeHtml } from './sanitize';

/**
 * Stored rich text, sanitized, for reading. Each paragraph takes the direction of its own text and codes stay left to
 * right (an English cell in the Arabic interface, an Arabic cell in the English one).
 */
export const RichTextView = memo(function RichTextView({ html, className }: { html: string; className?: string }) {
  const shown = useMemo(() => isolateHtml(sanitizeHtml(html)), [html]);
  return (
    <div
      dir="auto"
      className={['rich-text', className].filter(Boolean).join(' ')}
      dangerouslySetInnerHTML={{ __html: shown }}
    />
  );
});
