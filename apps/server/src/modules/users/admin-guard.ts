import { and, asc, eq, or } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import { notFound } from '../../errors.js';

/** The protected administrator's rule, one definition in packages/shared (backoffice/admin-accounts.ts). */
export { adminAccountRefusal } from '@portal/shared';

/**
 * A user's row and the count of the other active administrators, read under lock: the target's and every active
 * administrator's rows are locked in one ordered statement, so two administrators demoting or deactivating each other
 * at once cannot leave the portal without one (the second counts again after the first has committed). 404 when the
 * user does not exist.
 */
export async function lockWithAdmins(tx: Tx, id: string) {
  const locked = await tx
    .select()
    .from(users)
    .where(or(eq(users.id, id), and(eq(users.role, 'ADMIN'), eq(users.status, 'ACTIVE'))))
    .orderBy(asc(users.id))
    .for('update');
  const row = locked.find((u) => u.id === id);
  if (!row) throw notFound();
  const otherActiveAdmins = locked.filter((u) => u.id !== id && u.role === 'ADMIN' && u.status === 'ACTIVE').length;
  return { row, otherActiveAdmins };
}
