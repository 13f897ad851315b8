import { useState } from 'react';
import { Button, Space, Switch, Tag } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ContactMessage } from '@portal/shared';
import { PageTitle } from '../../components/PageTitle';
import { BACKOFFICE_PAGE_SIZE, emailColumn, PagedBackofficeTable } from '../../features/backoffice/BackofficeTable';
import { backofficeApi, backofficeKeys, type ContactQuery } from '../../features/backoffice/api';
import { ContactArchiveButton } from '../../features/backoffice/ContactArchiveButton';
import { ContactReplyModal } from '../../features/backoffice/ContactReplyModal';
import '../../features/backoffice/backoffice.css';
import { useListPage } from '../../features/backoffice/useListPage';
import { formatDateTime } from '../../i18n/dates';

/**
 * /backoffice/contactus — the contact-us mailbox: the messages, newest first; read one and reply in a dialog.
 * Archived messages are hidden unless the staff member asks to see them too.
 */
export default function ContactMailboxPage() {
  const { t, i18n } = useTranslation();
  const { page, paging, resetting } = useListPage();
  const [showArchived, setShowArchived] = useState(false);
  const [reading, setReading] = useState<ContactMessage | null>(null);
  const query: ContactQuery = {
    page,
    size: BACKOFFICE_PAGE_SIZE,
    ...(showArchived ? { archived: 'include' as const } : {}),
  };
  const mails = useQuery({
    queryKey: backofficeKeys.contact(query),
    queryFn: ({ signal }) => backofficeApi.contactMessages(query, signal),
    placeholderData: keepPreviousData,
  });
  const when = (iso: string) => formatDateTime(iso, i18n.language);

  return (
    <>
      <PageTitle>{t('routes.boContactUs')}</PageTitle>
      <p className="bo-intro">{t('backoffice.contact.intro')}</p>
      <label className="contact-archived-filter">
        <Switch checked={showArchived} onChange={resetting(setShowArchived)} />
        {t('contactMailbox.showArchived')}
      </label>
      <PagedBackofficeTable<ContactMessage>
        rowKey="id"
        aria-label={t('backoffice.contact.table')}
        of={mails}
        emptyText={t('backoffice.contact.empty')}
        {...paging}
        columns={[
          { key: 'received', title: t('backoffice.contact.columns.received'), dataIndex: 'createdAt', render: when },
          {
            key: 'from',
            title: t('backoffice.contact.columns.from'),
            render: (_, m) => `${m.firstName} ${m.lastName}`,
          },
          emailColumn<ContactMessage>(t('backoffice.contact.columns.email')),
          {
            key: 'company',
            title: t('backoffice.contact.columns.company'),
            dataIndex: 'companyName',
            render: (v: string) => v || '—',
          },
          { key: 'subject', title: t('backoffice.contact.columns.subject'), dataIndex: 'subject' },
          {
            key: 'state',
            title: t('backoffice.contact.columns.state'),
            render: (_, m) => (
              <>
                {m.repliedAt ? (
                  <Tag color="green">{t('backoffice.contact.replied')}</Tag>
                ) : (
                  <Tag color="gold">{t('backoffice.contact.unanswered')}</Tag>
                )}
                {m.archivedAt && <Tag>{t('contactMailbox.archivedTag')}</Tag>}
              </>
            ),
          },
          {
            key: 'actions',
            title: t('backoffice.contact.columns.actions'),
            render: (_, m) => (
              <Space size="small">
                <Button
                  size="small"
                  type={m.repliedAt ? 'default' : 'primary'}
                  onClick={() => setReading(m)}
                  aria-label={`${t('backoffice.contact.open')}: ${m.subject}`}
                >
                  {t('backoffice.contact.open')}
                </Button>
                <ContactArchiveButton mail={m} />
              </Space>
            ),
          },
        ]}
      />
      {reading && <ContactReplyModal mail={reading} onClose={() => setReading(null)} />}
    </>
  );
}
