import { Suspense, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { CmsEntry } from '@portal/shared';
import { lazyPage } from '../../app/lazyPage';
import { cmsImageUrl } from './api';
import { ShowMoreText } from './ShowMoreText';
import { dateLocale } from '../../i18n';

/** A YYYY-MM-DD date in the interface language, read as a calendar day (no time zone shift). */
export function formatDay(day: string, language: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return new Intl.DateTimeFormat(dateLocale(language), { dateStyle: 'long', timeZone: 'UTC' }).format(date);
}

// antd's Tag is fetched when a note is first shown (a page in English shows none): the home page's first screen stays
// within the first visit's budget. Meanwhile the note shows as text in a box of the same size (cms.css).
const Tag = lazyPage(() => import('antd/es/tag'), { firstVisit: true });

// The date's and the link's icons likewise (their drawings are most of this module's weight); meanwhile an empty box
// of the icon's size (cms.css).
const CalendarOutlined = lazyPage(() => import('@ant-design/icons/es/icons/CalendarOutlined'), { firstVisit: true });
const LinkOutlined = lazyPage(() => import('@ant-design/icons/es/icons/LinkOutlined'), { firstVisit: true });
const iconBox = <span className="anticon entry-icon-pending" aria-hidden />;

/** A small note when the entry has no text in the asked language and English is shown instead. */
export function NotTranslatedNote({ entry }: { entry: CmsEntry }) {
  const { t } = useTranslation();
  if (entry.languages.includes(entry.lang)) return null;
  const note = t('home.notTranslated');
  return (
    <Suspense
      fallback={
        <span className="not-translated not-translated-pending" lang={entry.lang}>
          {note}
        </span>
      }
    >
      <Tag className="not-translated" lang={entry.lang}>
        {note}
      </Tag>
    </Suspense>
  );
}

const isExternal = (link: string) => /^https?:\/\//.test(link);

/**
 * One published entry as the public pages show it: image, title, date, summary and body (each with
 * 'show more'), its link. Text shown in English for want of a translation is marked `lang="en"`.
 */
export function ContentEntry({
  entry,
  heading: Heading = 'h3',
  extra,
  withImage = true,
}: {
  entry: CmsEntry;
  heading?: 'h2' | 'h3' | 'h4';
  extra?: ReactNode;
  withImage?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const fallback = !entry.languages.includes(entry.lang);
  const textLang = fallback ? (entry.languages.includes('en') ? 'en' : entry.languages[0]) : undefined;
  return (
    <article className="content-entry">
      {withImage && entry.image && (
        <img className="content-image" src={cmsImageUrl(entry.image)} alt="" loading="lazy" />
      )}
      <div className="content-text" lang={textLang}>
        {entry.text.title && <Heading className="content-title">{entry.text.title}</Heading>}
        {entry.eventDate && (
          <p className="content-date">
            <Suspense fallback={iconBox}>
              <CalendarOutlined aria-hidden />
            </Suspense>{' '}
            <time dateTime={entry.eventDate}>{formatDay(entry.eventDate, i18n.language)}</time>
          </p>
        )}
        <NotTranslatedNote entry={entry} />
        {entry.text.summary && <ShowMoreText text={entry.text.summary} className="content-summary" />}
        {entry.text.body && <ShowMoreText html={entry.text.body} className="content-body" />}
        {extra}
        {entry.link &&
          (isExternal(entry.link) ? (
            <a className="content-link" href={entry.link} target="_blank" rel="noopener noreferrer">
              <Suspense fallback={iconBox}>
                <LinkOutlined aria-hidden />
              </Suspense>{' '}
              {t('home.learnMore')}
            </a>
          ) : (
            <Link className="content-link" to={entry.link}>
              <Suspense fallback={iconBox}>
                <LinkOutlined aria-hidden />
              </Suspense>{' '}
              {t('home.learnMore')}
            </Link>
          ))}
      </div>
    </article>
  );
}
