import { Suspense, useEffect, type ComponentType } from 'react';
import { Outlet, createBrowserRouter, matchPath, useLocation, useRouteError, type RouteObject } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import { WEB_ROUTES, type WebRoute } from '@portal/shared';
import { isSignedIn } from '../api/http';
import { ErrorFallback } from '../components/ErrorBoundary';
import { AppLayout, type RouteHandle } from '../features/layout/AppLayout';
import { SessionBridge } from '../features/session/SessionBridge';
import { useSignedIn } from '../features/session/useSession';
import { Guard } from './Guard';
import { lazyPage, type LazyPage } from './lazyPage';
import { PlaceholderPage } from './PlaceholderPage';
import { ROUTE_TABLE, type RouteDef } from './routeTable';
import { startReadsFor } from './startReads';

const NotFoundPage = lazyPage(() => import('../pages/errors/NotFoundPage'));
// Only a signed-in user is watched for idleness: not part of the first visit's script.
const IdleWatcher = lazyPage(() => import('../features/session/IdleWatcher').then((m) => ({ default: m.IdleWatcher })));

/** The lazily loaded page of each screen, by path. */
const screenPages = new Map<string, LazyPage<ComponentType>>();

/** Fetches the page of a screen ahead of its render (main.tsx, before hydrating the server's HTML of it). */
export const preloadScreen = (path: string): Promise<void> => screenPages.get(path)?.preload() ?? Promise.resolve();

function screenRoute(path: WebRoute, def: RouteDef): RouteObject {
  const access = WEB_ROUTES[path];
  let Page: ComponentType = () => <PlaceholderPage title={def.title} />;
  if (def.page) {
    const page = lazyPage(def.page, { firstVisit: def.firstVisit });
    screenPages.set(path, page);
    Page = page;
  }
  const handle: RouteHandle = { access, title: def.title };
  return {
    path,
    handle,
    element: (
      <Guard access={access}>
        <Page />
      </Guard>
    ),
  };
}

/**
 * Where a user mostly goes next from a screen: its code is fetched ahead once the screen is shown and the browser is
 * idle, so that on a slow link the next screen waits for its data alone. The dashboard (where signing in leads) while
 * the user reads the mailed code; the offer editor from the workspace and the offer lists.
 */
const FETCH_AHEAD: Partial<Record<string, WebRoute>> = {
  '/two-factor': '/dashboard',
  '/workspace': '/edit-offer/:id',
  '/offers': '/edit-offer/:id',
  '/offers-done': '/edit-offer/:id',
};
const FETCH_AHEAD_DELAY_MS = 1_000;

function useFetchAhead() {
  const next = FETCH_AHEAD[useLocation().pathname];
  useEffect(() => {
    if (!next) return;
    const idle = (run: () => void) =>
      'requestIdleCallback' in window ? window.requestIdleCallback(run, { timeout: 5_000 }) : run();
    const timer = setTimeout(() => idle(() => void preloadScreen(next).catch(() => undefined)), FETCH_AHEAD_DELAY_MS);
    return () => clearTimeout(timer);
  }, [next]);
}

function Root() {
  const signedIn = useSignedIn();
  useFetchAhead();
  return (
    <>
      <SessionBridge />
      {signedIn && (
        <Suspense fallback={null}>
          <IdleWatcher />
        </Suspense>
      )}
      <Outlet />
    </>
  );
}

/** Last resort when even the layout fails: the spec's error screen, Try again reloads. */
function RootError() {
  console.error(useRouteError());
  return <ErrorFallback onRetry={() => window.location.reload()} />;
}

export const routes: RouteObject[] = [
  {
    element: <Root />,
    errorElement: <RootError />,
    children: [
      {
        element: <AppLayout />,
        children: [
          ...(Object.entries(ROUTE_TABLE) as [WebRoute, RouteDef][]).map(([path, def]) => screenRoute(path, def)),
          { path: '*', element: <NotFoundPage />, handle: { title: 'routes.notFound' } satisfies RouteHandle },
        ],
      },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);

/**
 * The app starts on a screen with a session: the screen's code and what it waits for (app/startReads.ts) are asked
 * for at once, beside the session's first call rather than after it, which the screen's guard waits for.
 */
export function startScreen(pathname: string, client: QueryClient): void {
  if (!isSignedIn()) return;
  const path = (Object.keys(ROUTE_TABLE) as WebRoute[]).find((route) => matchPath(route, pathname));
  if (path) void preloadScreen(path).catch(() => undefined);
  startReadsFor(pathname, client);
}
