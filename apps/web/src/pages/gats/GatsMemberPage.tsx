import { App, Alert, Button, Flex, Spin } from 'antd';
import { ArrowLeftOutlined, DownloadOutlined } from '@ant-design/icons';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../components/ButtonLink';
import { PageTitle } from '../../components/PageTitle';
import { downloadGatsWorkbook, useGatsMember } from '../../features/gats/api';
import { GatsTable } from '../../features/gats/GatsTable';
import { ViewGatsButton } from '../../features/gats/ViewGatsModal';

/** /gats/{id} — one member's GATS commitments, all sectors, with export. */
export default function GatsMemberPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { id = '' } = useParams();
  const member = useGatsMember(id);
  const back = (
    <ButtonLink to="/gats" icon={<ArrowLeftOutlined className="flip-rtl" />}>
      {t('gats.allMembers')}
    </ButtonLink>
  );
  if (member.isLoading) return <Spin />;
  if (member.isError || !member.data)
    return (
      <>
        <PageTitle>{t('gats.title')}</PageTitle>
        <Alert type="error" showIcon title={t('sectors.messages.gatsNoData')} />
        {back}
      </>
    );
  const name = member.data.member;
  return (
    <>
      <PageTitle>{`${t('gats.title')}: ${name}`}</PageTitle>
      <Flex gap="small" wrap className="gats-browse-filters">
        {back}
        <ViewGatsButton countries={[name]} />
        <Button
          icon={<DownloadOutlined />}
          onClick={() =>
            void downloadGatsWorkbook({ services: [], countries: [name] }).catch(
              () => void message.error(t('gats.exportFailed')),
            )
          }
        >
          {t('gats.export')}
        </Button>
      </Flex>
      <p>{t('gats.rows', { count: member.data.count })}</p>
      <GatsTable rows={member.data.rows} hideMember />
    </>
  );
}
