import { lazy, type ComponentType } from 'react';
import { loadAllTranslations } from '../i18n';
import { reloadOnceAfterChunkFailure } from './chunkReload';

/**
 * A lazily loaded page (or part of one), shown once its module and the whole English translation have arrived
 * (`firstVisit`: the sign-in page and the public home read only what ships with the app); if its module cannot be
 * fetched the page reloads once, then the error boundary shows.
 */
// Any component, whatever its props: the bound of React.lazy itself.
export function lazyPage<C extends ComponentType<any>>(
  load: () => Promise<{ default: C }>,
  { firstVisit = false }: { firstVisit?: boolean } = {},
) {
  return lazy<C>(() =>
    Promise.all([load(), firstVisit ? null : loadAllTranslations()])
      .then(([module]) => module)
      .catch((error: unknown): Promise<{ default: C }> => {
        if (reloadOnceAfterChunkFailure()) return new Promise(() => {});
        throw error;
      }),
  );
}
