/**
 * Registers the service worker of the built app (/sw.js), once the page has loaded so it never competes with the
 * first paint. Not in development (Vite serves no /sw.js) nor where the browser has none.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js').catch(() => undefined);
  });
}
