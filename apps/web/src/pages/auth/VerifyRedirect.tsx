import { Navigate } from 'react-router';

/**
 * /verify — the portal has no address-verification step of its own: an invitation link (/register) proves the
 * address, and the sign-in code is entered at /two-factor, which needs the challenge started at /login. So /verify
 * leads to /login (which sends a signed-in user on to the dashboard).
 */
export default function VerifyRedirect() {
  return <Navigate to="/login" replace />;
}
