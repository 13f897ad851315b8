import { lazy, type ComponentType } from 'react';
import { reloadOnceAfterChunkFailure } from './chunkReload';

/** A lazily loaded page; if its module cannot be fetched the page reloads once, then the error boundary shows. */
export function lazyPage(load: () => Promise<{ default: ComponentType }>) {
  return lazy(() =>
    load().catch((error: unknown) => {
      if (reloadOnceAfterChunkFailure()) return new Promise<never>(() => {});
      throw error;
    }),
  );
}
