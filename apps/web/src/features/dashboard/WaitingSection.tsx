import type { ReactNode } from 'react';
import { Card } from 'antd';
import { useTranslation } from 'react-i18next';

/** One kind of thing waiting: a titled list of lines (each a link to where it is handled), or "nothing waits". */
export function WaitingSection({ title, items }: { title: string; items: { key: string; line: ReactNode }[] }) {
  const { t } = useTranslation();
  const id = `waiting-${title.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <Card size="small" className="waiting-section">
      <h3 id={id} className="card-title">
        {title} <span className="waiting-count">({items.length})</span>
      </h3>
      {items.length === 0 ? (
        <p className="waiting-empty">{t('dashboard.waiting.none')}</p>
      ) : (
        <ul aria-labelledby={id} className="waiting-list">
          {items.map((item) => (
            <li key={item.key}>{item.line}</li>
          ))}
        </ul>
      )}
    </Card>
  );
}
