import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button } from 'antd';
import { CloseCircleFilled } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

/**
 * The spec's top-level failure screen: 'Something went wrong' and a Try again button. Plain markup rather than antd's
 * Result, whose illustrations would weigh on every first visit.
 */
export function ErrorFallback({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="error-fallback">
      <CloseCircleFilled className="error-fallback-icon" aria-hidden />
      <h1 className="result-title">{t('errors.somethingWrong')}</h1>
      <Button type="primary" onClick={onRetry}>
        {t('errors.tryAgain')}
      </Button>
    </div>
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
