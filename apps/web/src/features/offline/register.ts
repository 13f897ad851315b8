/**
 * Registers the service worker of the built app (/sw.js), once the page has loaded so it never competes with the
 * first paint. Not in development (Vite serves no /sw.js) nor where the browser has none.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => void navigator.serviceWorker.register('/sw.js').catch(() => undefined);
  // A page rendered by the server loads the app after its first paint, maybe after the load event.
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register);
}
