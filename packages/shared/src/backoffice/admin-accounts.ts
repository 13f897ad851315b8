import type { Role } from '../roles.js';

/** A user's status (UserStatus): only ACTIVE counts here. */
type AccountStatus = string;

/**
 * Whether an actor may change this account at all (its status or role): an administrator's account is changed only by
 * an administrator. The back office shows the actions by it; the server refuses ADMIN_ACCOUNT_PROTECTED otherwise.
 */
export function mayChangeAccountOf(actorRole: Role, targetRole: Role): boolean {
  return targetRole !== 'ADMIN' || actorRole === 'ADMIN';
}

/**
 * Why an actor may not make a change to a user's account, or null: ADMIN_ACCOUNT_PROTECTED when it is an
 * administrator's and the actor is not one (mayChangeAccountOf); LAST_ADMIN when the change would leave the portal
 * without an active administrator (the last one can be neither deactivated nor given another role).
 */
export function adminAccountRefusal({
  actorRole,
  target,
  next,
  otherActiveAdmins,
}: {
  actorRole: Role;
  target: { role: Role; status: AccountStatus };
  /** What the change would make of the account. */
  next: { role?: Role; status?: AccountStatus };
  /** Active administrators besides the target, counted under lock by the server. */
  otherActiveAdmins: number;
}): 'ADMIN_ACCOUNT_PROTECTED' | 'LAST_ADMIN' | null {
  if (target.role !== 'ADMIN') return null;
  if (!mayChangeAccountOf(actorRole, target.role)) return 'ADMIN_ACCOUNT_PROTECTED';
  const activeAdminAfter = (next.role ?? target.role) === 'ADMIN' && (next.status ?? target.status) === 'ACTIVE';
  if (target.status === 'ACTIVE' && !activeAdminAfter && otherActiveAdmins === 0) return 'LAST_ADMIN';
  return null;
}
