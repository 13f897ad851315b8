import { useState } from 'react';
import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../components/PageTitle';
import { CoverageView } from '../../features/coverage/CoverageView';
import { GatsPlusView } from '../../features/coverage/GatsPlusView';
import { RequestMatrixView } from '../../features/coverage/RequestMatrixView';
import { useSession } from '../../features/session/useSession';
import '../../features/coverage/coverage.css';

/**
 * /workspace: what the bloc has committed. Commitment coverage (heat map, table, XLSX), GATS+ at a glance and the
 * request–offer matrix. The side menu's Workspace entry still leads to the offer lists (the spec's screens).
 */
export default function WorkspacePage() {
  const { t } = useTranslation();
  const { profile } = useSession();
  const [gatsCountry, setGatsCountry] = useState<string | undefined>(profile?.countryCode ?? undefined);
  return (
    <>
      <PageTitle>{t('routes.workspace')}</PageTitle>
      <p className="coverage-hint">{t('coverage.intro')}</p>
      <Tabs
        items={[
          { key: 'coverage', label: t('coverage.tabs.coverage'), children: <CoverageView /> },
          {
            key: 'gats-plus',
            label: t('coverage.tabs.gatsPlus'),
            children: <GatsPlusView country={gatsCountry} onCountry={setGatsCountry} />,
          },
          { key: 'requests', label: t('coverage.tabs.requests'), children: <RequestMatrixView /> },
        ]}
      />
    </>
  );
}
