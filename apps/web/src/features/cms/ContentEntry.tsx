import type { ReactNode } from 'react';
import { Tag } from 'antd';
import { CalendarOutlined, LinkOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { CmsEntry } from '@portal/shared';
import { cmsImageUrl } from './api';
import { ShowMoreText } from './ShowMoreText';
import { dateLocale } from '../../i18n/dates';

/** A YYYY-MM-DD date in the interface language, read as a calendar day (no time zone shift). */
export function formatDay(day: string, language: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return new Intl.DateTimeFormat(dateLocale(language), { dateStyle: 'long', timeZone: 'UTC' }).format(date);
}

/** A small note when the entry has no text in the asked language and English is shown instead. */
export function NotTranslatedNote({ entry }: { entry: CmsEntry }) {
  const { t } = useTranslation();
  if (entry.languages.includes(entry.lang)) return null;
  return (
    <Tag className="not-translated" lang={entry.lang}>
      {t('home.notTranslated')}
    </Tag>
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
            <CalendarOutlined aria-hidden />{' '}
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
              <LinkOutlined aria-hidden /> {t('home.learnMore')}
            </a>
          ) : (
            <Link className="content-link" to={entry.link}>
              <LinkOutlined aria-hidden /> {t('home.learnMore')}
            </Link>
          ))}
      </div>
    </article>
  );
}
