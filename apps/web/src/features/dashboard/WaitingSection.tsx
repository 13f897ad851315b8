import type { ReactNode } from 'react';
import { Card } from 'antd';
import { Link, type LinkProps } from 'react-router';
import { useTranslation } from 'react-i18next';

/** What a line of a section says, and what the screen it leads to is told (the country of an offer to create). */
export interface WaitingLine {
  key: string;
  text: ReactNode;
  state?: LinkProps['state'];
}

interface Props<T extends { link: string }> {
  title: string;
  /** The things waiting, each with the link to where it is handled; null where the role is not shown them. */
  rows: readonly T[] | null;
  line: (row: T) => WaitingLine;
}

/**
 * One kind of thing waiting: a titled list of lines, each a link to where it is handled, or "nothing waits"; nothing
 * at all where the role is not shown this kind.
 */
export function WaitingSection<T extends { link: string }>({ title, rows, line }: Props<T>) {
  const { t } = useTranslation();
  if (!rows) return null;
  const id = `waiting-${title.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <Card size="small" className="waiting-section">
      <h3 id={id} className="card-title">
        {title} <span className="waiting-count">({rows.length})</span>
      </h3>
      {rows.length === 0 ? (
        <p className="waiting-empty">{t('dashboard.waiting.none')}</p>
      ) : (
        <ul aria-labelledby={id} className="waiting-list">
          {rows.map((row) => {
            const { key, text, state } = line(row);
            return (
              <li key={key}>
                <Link to={row.link} state={state}>
                  {text}
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}
