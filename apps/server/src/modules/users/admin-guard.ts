import type { CataloguedErrorCode, Role, UserStatus } from '@portal/shared';

/**
 * Why an actor may not make a change to a user's account, or null. An administrator's account is changed
 * only by an administrator, and the portal always keeps one active administrator: the last one can be neither
 * deactivated nor given another role. A role change, when it exists, passes through here too.
 */
export function adminAccountRefusal({
  actorRole,
  target,
  next,
  otherActiveAdmins,
}: {
  actorRole: Role;
  target: { role: Role; status: UserStatus };
  /** What the change would make of the account. */
  next: { role?: Role; status?: UserStatus };
  /** Active administrators besides the target, counted under lock by the caller. */
  otherActiveAdmins: number;
}): CataloguedErrorCode | null {
  if (target.role !== 'ADMIN') return null;
  if (actorRole !== 'ADMIN') return 'ADMIN_ACCOUNT_PROTECTED';
  const activeAdminAfter = (next.role ?? target.role) === 'ADMIN' && (next.status ?? target.status) === 'ACTIVE';
  if (target.status === 'ACTIVE' && !activeAdminAfter && otherActiveAdmins === 0) return 'LAST_ADMIN';
  return null;
}
