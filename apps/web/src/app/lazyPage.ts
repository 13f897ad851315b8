import { createElement, lazy, type ComponentProps, type ComponentType } from 'react';
import { loadAllTranslations } from '../i18n';
import { reloadOnceAfterChunkFailure } from './chunkReload';

/** A lazily loaded component that can also be fetched ahead of its first render. */
export type LazyPage<C extends ComponentType<any>> = ComponentType<ComponentProps<C>> & {
  preload(): Promise<void>;
};

/**
 * A lazily loaded page (or part of one), shown once its module and the whole English translation have arrived
 * (`firstVisit`: the sign-in page and the public home read only what ships with the app); if its module cannot be
 * fetched the page reloads once, then the error boundary shows. `preload()` fetches it ahead: once it has arrived the
 * component renders at once, without suspending — what the hydration of a page rendered by the server needs (a part
 * still suspended when something above it changes is drawn again from scratch: main.tsx).
 */
// Any component, whatever its props: the bound of React.lazy itself.
export function lazyPage<C extends ComponentType<any>>(
  load: () => Promise<{ default: C }>,
  { firstVisit = false }: { firstVisit?: boolean } = {},
): LazyPage<C> {
  let loaded: C | null = null;
  let loading: Promise<{ default: C }> | null = null;
  const start = () =>
    (loading ??= Promise.all([load(), firstVisit ? null : loadAllTranslations()])
      .then(([module]) => {
        loaded = module.default;
        return module;
      })
      .catch((error: unknown): Promise<{ default: C }> => {
        if (reloadOnceAfterChunkFailure()) return new Promise(() => {});
        throw error;
      }));
  const Lazy = lazy(start);
  const Page = (props: ComponentProps<C>) => createElement(loaded ?? Lazy, props);
  Page.preload = () => start().then(() => undefined);
  return Page;
}
