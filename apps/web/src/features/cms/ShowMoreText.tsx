import { useId, useState } from 'react';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { RichTextView } from '../offers/RichTextView';
import { needsShowMore, plainText, shortVersion } from './showMore';

/**
 * Rich text (a CMS body) or plain text (a summary); past the spec's 100 characters only the beginning shows,
 * with a 'show more' toggle that reveals the whole text in place.
 */
export function ShowMoreText({ html, text, className }: { html?: string; text?: string; className?: string }) {
  const { t } = useTranslation();
  const id = useId();
  const [open, setOpen] = useState(false);
  const words = html !== undefined ? plainText(html) : (text ?? '');
  if (!words) return null;
  const long = needsShowMore(words);
  const full = html !== undefined ? <RichTextView html={html} /> : <p>{text}</p>;
  return (
    <div className={['show-more', className].filter(Boolean).join(' ')}>
      <div id={id}>{!long || open ? full : <p>{shortVersion(words)}</p>}</div>
      {long && (
        <Button
          type="link"
          size="small"
          className="show-more-toggle"
          aria-expanded={open}
          aria-controls={id}
          onClick={() => setOpen(!open)}
        >
          {open ? t('home.showLess') : t('home.showMore')}
        </Button>
      )}
    </div>
  );
}
