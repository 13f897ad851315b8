import { useEffect, type ReactNode } from 'react';
import { App as AntApp, ConfigProvider, theme } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ApiError } from '../api/http';
import { useHomeSettings } from '../features/session/useSession';
import { useLanguageState } from '../i18n/useLanguageState';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // A refused call (4xx) will be refused again; only network and server failures are worth a retry.
      retry: (count, error) => count < 2 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
      refetchOnWindowFocus: false,
    },
  },
});

/** antd follows the language (direction, locale) and the home settings' colours. */
function ThemedAntd({ children }: { children: ReactNode }) {
  const { direction, antdLocale } = useLanguageState();
  const { colours, focus } = useHomeSettings();
  // The keyboard focus ring everywhere (styles.css): the button colour at 3:1 against the page at least.
  useEffect(() => {
    document.documentElement.style.setProperty('--focus-ring', focus);
  }, [focus]);
  return (
    <ConfigProvider
      direction={direction}
      locale={antdLocale}
      theme={{
        algorithm: theme.defaultAlgorithm,
        token: {
          colorPrimary: colours.buttonBackColor,
          colorTextLightSolid: colours.buttonColor,
          colorLink: colours.linkColor,
          colorText: colours.mainTextColor,
          fontFamily:
            "system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', 'Noto Naskh Arabic', 'DejaVu Sans', Tahoma, sans-serif",
          borderRadius: 6,
        },
      }}
    >
      <AntApp>{children}</AntApp>
    </ConfigProvider>
  );
}

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ThemedAntd>{children}</ThemedAntd>
    </QueryClientProvider>
  );
}
