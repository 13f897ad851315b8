/**
 * The set-up every web test shares (vite.config.ts setupFiles): the translations loaded (English), the DOM unmounted
 * after each test, and the two browser APIs jsdom lacks that antd only needs to exist.
 */
import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';
import '../i18n';

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
