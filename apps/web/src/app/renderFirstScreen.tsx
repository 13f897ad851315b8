/**
 * The server's render of the first screen: built for Node (`vite build --ssr`, apps/web/dist-ssr) and loaded
 * by the server, which gives it the answers of the page's public reads and sends the HTML before the script. The
 * same tree as the browser's (main.tsx), signed out, in the visitor's language; the lazily loaded page is awaited.
 */
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouterProvider, createStaticHandler, createStaticRouter } from 'react-router';
import { QueryClient } from '@tanstack/react-query';
import { StyleProvider, createCache, extractStyle } from '@ant-design/cssinjs';
import type { WindowLike } from 'dompurify';
import { JSDOM } from 'jsdom';
import {
  FIRST_SCREEN_TIMEOUT_MS,
  type FirstScreen,
  type FirstScreenInput,
  type FirstScreenPath,
  type FirstScreenQuery,
  type Language,
} from '@portal/shared';
import { CLIENT_CONFIG_READ, HOME_SETTINGS_READ } from '../api/reference';
import { cmsByTypeRead } from '../features/cms/api';
import { sanitizeIn } from '../features/offers/sanitize';
import type { RouteHandle } from '../features/layout/AppLayout';
import { i18n, switchLanguage } from '../i18n';
import { AppProviders } from './AppProviders';
import { assumeForFirstScreen } from './firstScreen';
import { routes } from './router';

/** The module of each page (routeTable.ts imports them), as the build's manifest names it. */
export const firstScreenModules: Record<FirstScreenPath, string> = {
  '/': 'src/pages/home/HomePage.tsx',
  '/login': 'src/pages/auth/LoginPage.tsx',
};

/** The public reads each page shows on its first screen (the layout's on both). */
export function firstScreenQueries(path: FirstScreenPath, language: Language): FirstScreenQuery[] {
  const shell = [HOME_SETTINGS_READ, CLIENT_CONFIG_READ];
  return path === '/' ? [...shell, cmsByTypeRead('HOME_OBJECTIVES', language)] : shell;
}

const handler = createStaticHandler(routes);
// Rich text is sanitized before it is shown, here as in the browser: DOMPurify needs a DOM, jsdom's.
sanitizeIn(new JSDOM('').window as unknown as WindowLike);

async function streamToString(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
}

/** One render at a time: the language and the assumed width are the module's (as in the browser). */
let queue: Promise<unknown> = Promise.resolve();

export function renderFirstScreen(input: FirstScreenInput): Promise<FirstScreen> {
  const next = queue.then(() => render(input));
  queue = next.catch(() => undefined);
  return next;
}

async function render({ path, language, narrow, answers }: FirstScreenInput): Promise<FirstScreen> {
  await switchLanguage(language);
  assumeForFirstScreen({ narrow });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  const updatedAt = Date.now();
  for (const { key, data } of answers) client.setQueryData(key, data, { updatedAt });
  const context = await handler.query(new Request(`http://portal.invalid${path}`));
  if (context instanceof Response) throw new Error(`${path} answered ${context.status} instead of a page`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const styles = createCache();
  // A part that failed on the server would be left for the browser to render: the page is not sent half made.
  const failures: unknown[] = [];
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <StyleProvider cache={styles}>
        <AppProviders client={client}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AppProviders>
      </StyleProvider>
    </StrictMode>,
    // Every part in place, none sent apart with a script to move it in (the security policy allows no inline script).
    {
      onError: (error) => void failures.push(error),
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      signal: AbortSignal.timeout(FIRST_SCREEN_TIMEOUT_MS),
    },
  );
  const html = await streamToString(prelude);
  if (failures.length) {
    throw new Error(`${path} (${language}) could not be rendered whole: ${String(failures[0])}`, {
      cause: failures[0],
    });
  }
  const handle = context.matches.at(-1)?.route.handle as RouteHandle | undefined;
  const appName = i18n.t('app.name');
  return {
    html,
    title: handle ? `${i18n.t(handle.title)} · ${appName}` : appName,
    styles: extractStyle(styles),
    state: { path, language, narrow, answers: answers.map((answer) => ({ ...answer, updatedAt })) },
  };
}
