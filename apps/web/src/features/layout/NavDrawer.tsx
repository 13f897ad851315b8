import { Drawer } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Role } from '@portal/shared';
import { HeaderNav } from './HeaderNav';
import { SideMenu } from './SideMenu';

interface Props {
  open: boolean;
  onClose: () => void;
  direction: 'ltr' | 'rtl';
  /** The side menu's role on workspace pages; null elsewhere. */
  role: Role | null;
}

/** Below 900 px: the public links and, on workspace pages, the side menu, in a drawer from the reading side. */
export function NavDrawer({ open, onClose, direction, role }: Props) {
  const { t } = useTranslation();
  return (
    <Drawer
      open={open}
      onClose={onClose}
      placement={direction === 'rtl' ? 'right' : 'left'}
      size={300}
      title={t('app.name')}
      className="nav-drawer"
    >
      <nav aria-label={t('nav.main')}>
        <HeaderNav vertical onNavigate={onClose} />
      </nav>
      {role && <SideMenu role={role} onNavigate={onClose} />}
    </Drawer>
  );
}
