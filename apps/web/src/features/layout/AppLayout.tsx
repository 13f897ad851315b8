import { Suspense, useEffect, useState } from 'react';
import { Drawer } from 'antd';
import { Outlet, useLocation, useMatches } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Access } from '@portal/shared';
import { ErrorBoundary } from '../../components/ErrorBoundary';
import { PageSpinner } from '../../components/PageSpinner';
import type { RouteTitle } from '../../app/routeTable';
import { useLanguageState } from '../../i18n/useLanguageState';
import { useSession } from '../session/useSession';
import { AppFooter } from './AppFooter';
import { AppHeader } from './AppHeader';
import { OfflineBanner } from '../offline/OfflineBanner';
import { HeaderNav } from './HeaderNav';
import { SideMenu } from './SideMenu';
import { useNarrowScreen } from './useNarrowScreen';

/** What each route tells the layout. */
export interface RouteHandle {
  access?: Access;
  title: RouteTitle;
}

/** Header, side menu on workspace pages (a drawer below 900 px), the page, footer. */
export function AppLayout() {
  const { t } = useTranslation();
  const { pathname, hash } = useLocation();
  const handle = useMatches().at(-1)?.handle as RouteHandle | undefined;
  const session = useSession();
  const narrow = useNarrowScreen();
  const { direction } = useLanguageState();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const role = session.status === 'signedIn' ? session.role : null;
  const withSideMenu = role !== null && handle?.access !== undefined && handle.access !== 'PUBLIC';

  useEffect(() => {
    document.title = handle ? `${t(handle.title)} · ${t('app.name')}` : t('app.name');
  }, [handle, t]);

  useEffect(() => {
    setDrawerOpen(false);
    if (!hash) {
      window.scrollTo(0, 0);
      return undefined;
    }
    // The target may belong to a page still loading: look again shortly.
    const scroll = () => document.getElementById(hash.slice(1))?.scrollIntoView();
    scroll();
    const retry = window.setTimeout(scroll, 400);
    return () => window.clearTimeout(retry);
  }, [pathname, hash]);

  return (
    <div className="app-shell">
      <a className="skip-link" href="#main">
        {t('app.skipToContent')}
      </a>
      <AppHeader narrow={narrow} onOpenMenu={() => setDrawerOpen(true)} />
      <OfflineBanner />
      <div className="app-body">
        {withSideMenu && !narrow && (
          <aside className="app-sider">
            <SideMenu role={role} />
          </aside>
        )}
        <main id="main" className="app-main" tabIndex={-1}>
          <ErrorBoundary key={pathname}>
            <Suspense fallback={<PageSpinner />}>
              <Outlet />
            </Suspense>
          </ErrorBoundary>
        </main>
      </div>
      <AppFooter />
      {narrow && (
        <Drawer
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          placement={direction === 'rtl' ? 'right' : 'left'}
          size={300}
          title={t('app.name')}
          className="nav-drawer"
        >
          <nav aria-label={t('nav.main')}>
            <HeaderNav vertical onNavigate={() => setDrawerOpen(false)} />
          </nav>
          {withSideMenu && <SideMenu role={role} onNavigate={() => setDrawerOpen(false)} />}
        </Drawer>
      )}
    </div>
  );
}
