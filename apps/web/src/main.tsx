import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { applyLanguage, detectedLanguage } from './i18n';
import { AppProviders, queryClient } from './app/AppProviders';
import { assumeForFirstScreen, readFirstScreen } from './app/firstScreen';
import { createRouter, preloadScreen, startScreen } from './app/router';
import { reloadOnceAfterChunkFailure } from './app/chunkReload';
import { registerServiceWorker } from './features/offline/register';
import './styles.css';

// A module preloaded by Vite that cannot be fetched (an old deployment): reload once per session.
window.addEventListener('vite:preloadError', (event) => {
  if (reloadOnceAfterChunkFailure()) event.preventDefault();
});

registerServiceWorker();
startScreen(window.location.pathname, queryClient);

const app = (
  <StrictMode>
    <AppProviders>
      <RouterProvider router={createRouter()} />
    </AppProviders>
  </StrictMode>
);

// The language (and with it the page direction) is applied before the first paint, so Arabic never flashes LTR.
// The sign-in page and the home arrive rendered by the server (lib/first-screen.ts), in the language it chose: the
// app takes that HTML over (hydrates it) from the same answers. In another language (a choice the server could not
// see), or at another address (a copy kept offline), it draws the page itself. The first render is a transition:
// React renders the tree in slices and lets the browser work between them rather than in one long task
// (bench/results/first-render-transition.md).
const firstScreen = readFirstScreen();
const language = detectedLanguage();
void applyLanguage(language).finally(() => {
  const container = document.getElementById('root')!;
  if (firstScreen?.language === language && firstScreen.path === window.location.pathname) {
    assumeForFirstScreen(firstScreen);
    for (const { key, data, updatedAt } of firstScreen.answers ?? [])
      queryClient.setQueryData(key, data, { updatedAt });
    // The page's own module first: a part still loading when the layout above it re-renders (the screen is wider
    // than the server assumed, say) would be drawn again rather than taken over.
    void preloadScreen(firstScreen.path)
      .catch(() => undefined)
      .then(() => startTransition(() => void hydrateRoot(container, app)));
    return;
  }
  container.replaceChildren();
  const root = createRoot(container);
  startTransition(() => root.render(app));
});
