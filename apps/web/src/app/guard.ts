import { hasAccess, type Access, type Role } from '@portal/shared';

/** What the web app knows about the visitor when it decides whether to show a page. */
export type SessionState = { status: 'anonymous' } | { status: 'loading' } | { status: 'signedIn'; role: Role };

/** allow: show the page; wait: the profile is loading; login: sign in first; denied: the role may not see it. */
type GuardDecision = 'allow' | 'wait' | 'login' | 'denied';

/** The route guard's rule, read from the shared permission table entry of the route. */
export function decideAccess(access: Access, session: SessionState): GuardDecision {
  if (access === 'PUBLIC') return 'allow';
  if (session.status === 'loading') return 'wait';
  if (session.status === 'anonymous') return 'login';
  return hasAccess(access, session.role) ? 'allow' : 'denied';
}
