import { Suspense } from 'react';
import { Button } from 'antd';
import { MenuOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { RegionalLogo } from './RegionalLogo';
import { ButtonLink } from '../../components/ButtonLink';
import { useSession } from '../session/useSession';
import { HeaderNav } from './HeaderNav';
import { LanguageSelect } from './LanguageSelect';
import { lazyPage } from '../../app/lazyPage';

// Signed-in parts: not in the first visit's script, fetched once signed in.
const NotificationBell = lazyPage(() =>
  import('../notifications/NotificationBell').then((m) => ({ default: m.NotificationBell })),
);
const ProfileMenu = lazyPage(() => import('./ProfileMenu').then((m) => ({ default: m.ProfileMenu })));

interface Props {
  narrow: boolean;
  onOpenMenu: () => void;
}

/** Logo, the public links (in the drawer on narrow screens), notifications, language, and sign-in or profile. */
export function AppHeader({ narrow, onOpenMenu }: Props) {
  const { t } = useTranslation();
  const session = useSession();
  return (
    <header className="app-header">
      {narrow && <Button type="text" icon={<MenuOutlined />} aria-label={t('nav.openMenu')} onClick={onOpenMenu} />}
      <Link to="/" className="brand">
        <RegionalLogo size={40} />
        <span className="brand-name hide-narrow">{t('app.name')}</span>
      </Link>
      {!narrow && (
        <nav aria-label={t('nav.main')} className="header-nav-wrap">
          <HeaderNav />
        </nav>
      )}
      <div className="header-actions">
        {session.status === 'signedIn' && (
          <Suspense fallback={null}>
            <NotificationBell />
          </Suspense>
        )}
        <LanguageSelect />
        {session.profile ? (
          <Suspense fallback={null}>
            <ProfileMenu profile={session.profile} />
          </Suspense>
        ) : session.status === 'anonymous' ? (
          <>
            <ButtonLink to="/login" type="primary">
              {t('nav.login')}
            </ButtonLink>
            {!narrow && <ButtonLink to="/register">{t('nav.register')}</ButtonLink>}
          </>
        ) : null}
      </div>
    </header>
  );
}
