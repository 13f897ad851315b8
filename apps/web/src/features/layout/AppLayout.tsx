import { Suspense, useEffect, useRef, useState } from 'react';
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
import { lazyPage } from '../../app/lazyPage';
import { useNarrowScreen } from './useNarrowScreen';

// Signed-in or narrow-screen parts, fetched when first shown: not in the first visit's script.
const SideMenu = lazyPage(() => import('./SideMenu').then((m) => ({ default: m.SideMenu })));
const NavDrawer = lazyPage(() => import('./NavDrawer').then((m) => ({ default: m.NavDrawer })));

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
  // Once opened, the drawer stays mounted so that it closes with its animation.
  const [drawerUsed, setDrawerUsed] = useState(false);
  if (drawerOpen && !drawerUsed) setDrawerUsed(true);
  const role = session.status === 'signedIn' ? session.role : null;
  const withSideMenu = role !== null && handle?.access !== undefined && handle.access !== 'PUBLIC';

  useEffect(() => {
    document.title = handle ? `${t(handle.title)} · ${t('app.name')}` : t('app.name');
  }, [handle, t]);

  // A new page starts at its top; the first one is left where the browser put it (at the top, where it was before a
  // reload, or where the reader scrolled the server's HTML of it before the app took over).
  const shown = useRef<string | null>(null);
  useEffect(() => {
    setDrawerOpen(false);
    const arrived = shown.current !== null && shown.current !== pathname + hash;
    shown.current = pathname + hash;
    if (!hash) {
      if (arrived) window.scrollTo(0, 0);
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
            <Suspense fallback={null}>
              <SideMenu role={role} />
            </Suspense>
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
      {narrow && drawerUsed && (
        <Suspense fallback={null}>
          <NavDrawer
            open={drawerOpen}
            onClose={() => setDrawerOpen(false)}
            direction={direction}
            role={withSideMenu ? role : null}
          />
        </Suspense>
      )}
    </div>
  );
}
