import { useEffect, useMemo, type ReactNode } from 'react';
import { App as AntApp, ConfigProvider, theme, type ConfigProviderProps } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { primaryStates } from '@portal/shared';
import { ApiError } from '../api/http';
import { useHomeSettings } from '../features/session/useSession';
import { useLanguageState } from '../i18n/useLanguageState';

/** Every select's defaults (a select may set its own search). */
const SELECT_DEFAULTS: ConfigProviderProps['select'] = { showSearch: { optionFilterProp: ['label', 'value'] } };

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // A refused call (4xx) will be refused again; only network and server failures are worth a retry.
      retry: (count, error) => count < 2 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
      refetchOnWindowFocus: false,
    },
  },
});

/**
 * A table wider than its box scrolls sideways: keyboard users must be able to focus it to scroll (WCAG 2.1.1). antd
 * renders such boxes itself, so they are made focusable as they appear.
 */
function useScrollableTablesFocusable() {
  useEffect(() => {
    const mark = () => {
      for (const box of document.querySelectorAll(
        '.ant-table-content:not([tabindex]), .ant-table-body:not([tabindex])',
      ))
        box.setAttribute('tabindex', '0');
    };
    mark();
    const observer = new MutationObserver(mark);
    observer.observe(document.body, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, []);
}

/** antd follows the language (direction, locale) and the home settings' colours. */
function ThemedAntd({ children }: { children: ReactNode }) {
  const { direction, antdLocale } = useLanguageState();
  const { colours, focus } = useHomeSettings();
  const states = useMemo(() => primaryStates(colours), [colours]);
  // The keyboard focus ring everywhere (styles.css): the button colour at 3:1 against the page at least.
  useEffect(() => {
    document.documentElement.style.setProperty('--focus-ring', focus);
  }, [focus]);
  useScrollableTablesFocusable();
  return (
    <ConfigProvider
      direction={direction}
      locale={antdLocale}
      theme={{
        algorithm: theme.defaultAlgorithm,
        token: {
          colorPrimary: colours.buttonBackColor,
          // Hovered and pressed: darker shades that keep 4.5:1 (antd's lighter ones read at 4.1:1 with white text).
          colorPrimaryHover: states.hover,
          colorPrimaryTextHover: states.hover,
          colorPrimaryBorderHover: states.hover,
          colorPrimaryActive: states.active,
          colorPrimaryTextActive: states.active,
          colorTextLightSolid: colours.buttonColor,
          colorLink: colours.linkColor,
          colorText: colours.mainTextColor,
          // antd's greys for secondary text, descriptions, placeholders and empty states read at 4.5:1.
          colorTextSecondary: '#595959',
          colorTextTertiary: '#636363',
          colorTextQuaternary: '#6b6b6b',
          colorTextDescription: '#595959',
          colorTextPlaceholder: '#6b6b6b',
          // antd's red (#ff4d4f) reads at 3.3:1 only: danger buttons and error texts use a deeper one.
          colorError: '#cf1322',
          // Selected entries (menus, dropdowns) on a fixed pale tint that the primary colour's shade reads on (4.5:1);
          // antd would derive it from the primary colour, which then darkens with it.
          controlItemBgActive: '#e8eef7',
          controlItemBgActiveHover: '#dfe8f4',
          fontFamily:
            "system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', 'Noto Naskh Arabic', 'DejaVu Sans', Tahoma, sans-serif",
          borderRadius: 6,
        },
        components: { Menu: { itemSelectedBg: '#e8eef7', itemActiveBg: '#dfe8f4' } },
      }}
      // Every select takes typed letters (type-ahead): "Mrs" leaves Mrs, not Mr, under Enter. Matched on the words
      // shown and the value, so a select of countries finds "Ken" as a select of codes finds "KE".
      select={SELECT_DEFAULTS}
    >
      <AntApp>{children}</AntApp>
    </ConfigProvider>
  );
}

/** `client`: the browser's one cache, or the server's own for each render of the first screen. */
export function AppProviders({ children, client = queryClient }: { children: ReactNode; client?: QueryClient }) {
  // A page rendered by the server arrives inert (lib/first-screen.ts): seen, not yet usable — a click would be lost and
  // a form sent by the browser itself (the password in the address). Usable from the app's first commit on, which
  // `data-app="taken"` on the root tells (the sign-in page is usable before: app/earlySignIn.ts).
  useEffect(() => {
    const root = document.getElementById('root');
    root?.removeAttribute('inert');
    root?.setAttribute('data-app', 'taken');
  }, []);
  return (
    <QueryClientProvider client={client}>
      <ThemedAntd>{children}</ThemedAntd>
    </QueryClientProvider>
  );
}
