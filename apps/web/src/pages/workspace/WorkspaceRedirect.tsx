import { Navigate } from 'react-router';
import { workspacePath } from '../../features/layout/menu';
import { useSession } from '../../features/session/useSession';

/** /workspace leads to the role's own workspace: offer validation for staff, the offer list for the others. */
export default function WorkspaceRedirect() {
  const session = useSession();
  return session.status === 'signedIn' ? <Navigate to={workspacePath(session.role)} replace /> : null;
}
