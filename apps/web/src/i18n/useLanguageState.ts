import { useSyncExternalStore } from 'react';
import { getLanguageState, subscribeLanguage, type LanguageState } from './index';

/** The applied language, its direction and antd locale, re-rendering when applyLanguage switches them. */
export function useLanguageState(): LanguageState {
  return useSyncExternalStore(subscribeLanguage, getLanguageState, getLanguageState);
}
