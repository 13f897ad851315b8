import { memo, useMemo } from 'react';
import { isRichText } from '@portal/shared';
import { UserText, isolateHtml } from '../../../components/Bidi';
import { sanitizeHtml } from '../sanitize';

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

/**
 * A plain field (a level, a note, an additional commitment) as typed — "<Annex B>" included — or, when another client
 * stored the editor's markup there, read as rich text: never tags shown, never typed text swallowed as a tag.
 */
export function StoredTextView({ text, className }: { text: string; className?: string }) {
  if (isRichText(text)) return <RichTextView html={text} className={className} />;
  return <UserText text={text} className={['stored-text', className].filter(Boolean).join(' ')} />;
}
