import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { applyLanguage, detectedLanguage } from './i18n';
import { AppProviders } from './app/AppProviders';
import { createRouter } from './app/router';
import { reloadOnceAfterChunkFailure } from './app/chunkReload';
import { registerServiceWorker } from './features/offline/register';
import './styles.css';

// A module preloaded by Vite that cannot be fetched (an old deployment): reload once per session.
window.addEventListener('vite:preloadError', (event) => {
  if (reloadOnceAfterChunkFailure()) event.preventDefault();
});

registerServiceWorker();

// The language (and with it the page direction) is applied before the first paint, so Arabic never flashes LTR.
// The first render is a transition: React renders the tree in slices and lets the browser work between them rather
// than in one long task (first paint earlier on a slow phone: bench/results/first-render-transition.md).
void applyLanguage(detectedLanguage()).finally(() => {
  const root = createRoot(document.getElementById('root')!);
  startTransition(() => {
    root.render(
      <StrictMode>
        <AppProviders>
          <RouterProvider router={createRouter()} />
        </AppProviders>
      </StrictMode>,
    );
  });
});
