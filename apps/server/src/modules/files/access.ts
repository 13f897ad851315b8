import type { Actor, AppContext } from '../../context.js';

/**
 * Who besides its uploader may read a stored file, and whether it is still in use. Other areas add their
 * rule (chat: members of a room the file was posted in) so this area depends on none of them.
 */
interface FileRule {
  canRead(ctx: AppContext, actor: Actor, key: string): Promise<boolean>;
  /** A file in use (attached to a message, an offer…) cannot be deleted. */
  isInUse(ctx: AppContext, key: string): Promise<boolean>;
}

const rules = new Map<string, FileRule>();

/** Registers (or replaces) an area's rule; idempotent, so several apps in one process share it safely. */
export function addFileRule(area: string, rule: FileRule): void {
  rules.set(area, rule);
}

export async function anyRuleAllowsRead(ctx: AppContext, actor: Actor, key: string): Promise<boolean> {
  for (const rule of rules.values()) if (await rule.canRead(ctx, actor, key)) return true;
  return false;
}

export async function anyRuleSaysInUse(ctx: AppContext, key: string): Promise<boolean> {
  for (const rule of rules.values()) if (await rule.isInUse(ctx, key)) return true;
  return false;
}
