import { Suspense, useId, useState } from 'react';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { lazyPage } from '../../app/lazyPage';
import { needsShowMore, plainText, shortVersion } from './showMore';

// The rich view (DOMPurify with it) is fetched the first time a whole rich text is shown: the home page's first screen
// shows only the short versions. Meanwhile the same words show as one plain paragraph.
const RichTextView = lazyPage(() => import('../offers/view/RichTextView').then((m) => ({ default: m.RichTextView })), {
  firstVisit: true,
});

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
  const full =
    html !== undefined ? (
      <Suspense fallback={<p>{words}</p>}>
        <RichTextView html={html} />
      </Suspense>
    ) : (
      <p>{text}</p>
    );
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
