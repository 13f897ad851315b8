/**
 * The set-up every web test shares (vite.config.ts setupFiles): the translations loaded (all three, English whole: the
 * app fetches French, Arabic and the rest of English when needed, tests read them at once), the DOM unmounted
 * after each test, patient waits, and the two browser APIs jsdom lacks that antd only needs to exist.
 */
import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { i18n, loadAllTranslations } from '../i18n';

await Promise.all([i18n.loadLanguages(['fr', 'ar']), loadAllTranslations()]);

// findBy/waitFor wait up to 1 s by default: an antd screen on a busy 2-core machine can take longer to settle.
configure({ asyncUtilTimeout: 5000 });

globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver;

window.matchMedia ??= ((query: string) => ({
  matches: false,
  media: query,
  onchange: null,
  addListener: () => undefined,
  removeListener: () => undefined,
  addEventListener: () => undefined,
  removeEventListener: () => undefined,
  dispatchEvent: () => false,
})) as typeof window.matchMedia;

afterEach(cleanup);
