import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';

/** The spec's top-level failure screen: 'Something went wrong' and a Try again button. */
export function ErrorFallback({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Result
      status="error"
      title={<h1 className="result-title">{t('errors.somethingWrong')}</h1>}
      extra={
        <Button type="primary" onClick={onRetry}>
          {t('errors.tryAgain')}
        </Button>
      }
    />
  );
}

interface Props {
  children: ReactNode;
}

/** Catches a render failure below it; Try again renders the children afresh. */
export class ErrorBoundary extends Component<Props, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('Render failure', error, info.componentStack);
  }

  render() {
    return this.state.failed ? <ErrorFallback onRetry={() => this.setState({ failed: false })} /> : this.props.children;
  }
}
