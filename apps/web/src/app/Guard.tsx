import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import type { Access } from '@portal/shared';
import { PageSpinner } from '../components/PageSpinner';
import { useSession } from '../features/session/useSession';
import { decideAccess } from './guard';

/** Shows the page, or sends the visitor to /login (remembering the page) or to /denied. */
export function Guard({ access, children }: { access: Access; children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  switch (decideAccess(access, session)) {
    case 'allow':
      return children;
    case 'wait':
      return <PageSpinner />;
    case 'login':
      return <Navigate to="/login" replace state={{ from: location.pathname + location.search + location.hash }} />;
    case 'denied':
      return <Navigate to="/denied" replace />;
  }
}
