/**
 * Built alone into /first-screen.js (vite.config.ts): in the pages the server renders (apps/server/src/lib/first-screen.ts)
 * it asks for the app's script (its `data-app`) after the next frame is painted, at the latest after 100 ms (a page
 * opened in a background tab paints no frame). A script that cannot be fetched (an old page after a deployment)
 * reloads the page once, as a page module does: the page is not left inert. Until the app has taken the page over,
 * a submit of the sign-in form is sent from here (earlySignIn.ts).
 */
import { reloadOnceAfterChunkFailure } from './chunkReload';
import { catchEarlySignIn } from './earlySignIn';

// The sign-in form works before the app has arrived (earlySignIn.ts).
catchEarlySignIn();

const app = document.currentScript?.getAttribute('data-app');
// The modules the app's script imports at once, fetched beside it rather than after it.
const preload = document.currentScript?.getAttribute('data-preload')?.split(' ') ?? [];
let started = false;
function start() {
  if (started || !app) return;
  started = true;
  for (const href of preload) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.appendChild(link);
  }
  const script = document.createElement('script');
  script.type = 'module';
  script.crossOrigin = '';
  script.src = app;
  script.onerror = () => reloadOnceAfterChunkFailure();
  document.head.appendChild(script);
}
requestAnimationFrame(() => setTimeout(start, 0));
setTimeout(start, 100);
