import { useState } from 'react';
import { Alert, App, Button, Empty, List, Spin } from 'antd';
import { EditOutlined, FilePdfOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { isStaff, type CmsEntry } from '@portal/shared';
import { ButtonLink } from '../../components/ButtonLink';
import { PageTitle } from '../../components/PageTitle';
import { useCmsByType } from '../../features/cms/api';
import { ContentEntry } from '../../features/cms/ContentEntry';
import { downloadDocument } from '../../features/cms/legislation';
import { useSession } from '../../features/session/useSession';
import '../../features/cms/cms.css';
import '../../features/reference/reference.css';

/**
 * /legislation — the legal and regulatory texts the secretariat publishes (CMS type LEGISLATION), each with its PDF
 * when one is attached. The secretariat edits them at /legislation-section.
 */
export default function LegislationPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const session = useSession();
  const texts = useCmsByType('LEGISLATION');
  const [downloading, setDownloading] = useState<string | null>(null);
  const staff = session.status === 'signedIn' && isStaff(session.role);
  // The secretariat also receives unpublished entries; the page shows what readers see.
  const published = (texts.data ?? []).filter((e) => e.published);

  const download = (entry: CmsEntry) => {
    if (!entry.document) return;
    setDownloading(entry.id);
    downloadDocument(entry.document, entry.text.title)
      .catch(() => void message.error(t('legislation.downloadFailed')))
      .finally(() => setDownloading(null));
  };

  let body;
  if (texts.isLoading) body = <Spin />;
  else if (texts.isError) body = <Alert type="error" showIcon role="alert" title={t('legislation.loadFailed')} />;
  else if (published.length === 0) body = <Empty description={t('legislation.empty')} />;
  else
    body = (
      <List
        className="legislation-list"
        itemLayout="vertical"
        dataSource={published}
        renderItem={(entry) => (
          <List.Item
            key={entry.id}
            extra={
              entry.document ? (
                <Button icon={<FilePdfOutlined />} loading={downloading === entry.id} onClick={() => download(entry)}>
                  {t('legislation.download')}
                </Button>
              ) : (
                <span className="cms-row-meta">{t('legislation.noFile')}</span>
              )
            }
          >
            <ContentEntry entry={entry} heading="h2" withImage={false} />
          </List.Item>
        )}
      />
    );

  return (
    <>
      <PageTitle>{t('routes.legislation')}</PageTitle>
      <p className="reference-prose">{t('legislation.intro')}</p>
      {staff && (
        <p>
          <ButtonLink to="/legislation-section" icon={<EditOutlined />}>
            {t('legislation.manage')}
          </ButtonLink>
        </p>
      )}
      {body}
    </>
  );
}
