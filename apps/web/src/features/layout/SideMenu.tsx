import type { ReactNode } from 'react';
import { Menu, type MenuProps } from 'antd';
import {
  AppstoreOutlined,
  BgColorsOutlined,
  DiffOutlined,
  AuditOutlined,
  BankOutlined,
  BookOutlined,
  DashboardOutlined,
  FileDoneOutlined,
  FormOutlined,
  GlobalOutlined,
  HomeOutlined,
  KeyOutlined,
  MessageOutlined,
  SettingOutlined,
  TeamOutlined,
  ApartmentOutlined,
} from '@ant-design/icons';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Role } from '@portal/shared';
import { selectedMenuKey, sideMenuFor, type MenuEntry } from './menu';

const ICONS: Record<string, ReactNode> = {
  home: <HomeOutlined />,
  conditionalOffers: <FileDoneOutlined />,
  dashboard: <DashboardOutlined />,
  workspace: <AppstoreOutlined />,
  requests: <FormOutlined />,
  messaging: <MessageOutlined />,
  legislation: <BookOutlined />,
  gats: <GlobalOutlined />,
  afcfta: <ApartmentOutlined />,
  passwordManagement: <KeyOutlined />,
  userManagement: <TeamOutlined />,
  backOffice: <SettingOutlined />,
  boAuditLogs: <AuditOutlined />,
  boCompareOffers: <DiffOutlined />,
  boGlobalSettings: <BgColorsOutlined />,
  boCountryManagement: <BankOutlined />,
};

/** The workspace navigation of the spec, for the signed-in user's role. */
export function SideMenu({ role, onNavigate }: { role: Role; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const entries = sideMenuFor(role);

  const toItem = (entry: MenuEntry): NonNullable<MenuProps['items']>[number] => ({
    key: entry.key,
    icon: ICONS[entry.key],
    label: entry.path ? <Link to={entry.path}>{t(entry.label)}</Link> : t(entry.label),
    children: entry.children?.map(toItem),
  });

  return (
    <nav aria-label={t('nav.sideMenu')}>
      <Menu
        mode="inline"
        className="side-menu"
        items={entries.map(toItem)}
        selectedKeys={[selectedMenuKey(entries, pathname) ?? '']}
        defaultOpenKeys={pathname.startsWith('/backoffice') || pathname === '/faq-section' ? ['backOffice'] : []}
        onClick={() => onNavigate?.()}
      />
    </nav>
  );
}
