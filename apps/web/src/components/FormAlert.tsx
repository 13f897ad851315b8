import { Suspense } from 'react';
import { lazyPage } from '../app/lazyPage';

// antd's Alert is fetched the first time a message is shown: the sign-in page shows one only after an attempt, and
// its first script stays within the first visit's budget. Meanwhile the message shows as plain text.
const Alert = lazyPage(() => import('antd/es/alert'), { firstVisit: true });

interface Props {
  type: 'success' | 'info' | 'error';
  title: string;
  role: 'alert' | 'status';
  /** form-alert unless said otherwise. */
  className?: string;
}

/** A message above a form (class form-alert), e.g. a refused sign-in, or above a page's content. */
export function FormAlert({ type, title, role, className = 'form-alert' }: Props) {
  return (
    <Suspense fallback={<div className={className}>{title}</div>}>
      <Alert type={type} showIcon title={title} className={className} role={role} />
    </Suspense>
  );
}
