import { Collapse, Empty, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CmsEntry } from '@portal/shared';
import { RichTextView } from '../offers/view/RichTextView';
import { NotTranslatedNote } from './ContentEntry';

/** Questions and answers, one panel per entry: the title is the question, summary and body the answer. */
export function FaqAccordion({ entries, loading }: { entries: CmsEntry[] | undefined; loading?: boolean }) {
  const { t } = useTranslation();
  if (loading && !entries) return <Skeleton active />;
  if (!entries?.length) return <Empty description={t('home.faqsEmpty')} />;
  return (
    <Collapse
      className="faq-accordion"
      items={entries.map((entry) => ({
        key: entry.id,
        label: <span className="faq-question">{entry.text.title}</span>,
        children: (
          <div className="faq-answer">
            <NotTranslatedNote entry={entry} />
            {entry.text.summary && <p>{entry.text.summary}</p>}
            <RichTextView html={entry.text.body} />
          </div>
        ),
      }))}
    />
  );
}
