/**
 * Refresh-token rotation (OAuth 2.1 / RFC 9700 section 4.14): each refresh token works once and is replaced. Two tabs
 * of one browser may present the same token at the same moment: within REUSE_GRACE_SECONDS of its rotation the token
 * answers again with the same new pair (kept on its row, encrypted under a key only that token opens), so neither tab
 * is signed out. Presented later, a rotated token is a theft signal: the whole session is revoked.
 */
import crypto from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { tokenResponseSchema, type TokenResponse } from '@portal/shared';
import type { AppContext, RequestMeta } from '../../context.js';
import { refreshTokens, sessions, users } from '../../db/schema/index.js';
import { unauthorized } from '../../errors.js';
import { sessionEnded } from '../../auth/session-limits.js';
import { hashToken } from '../../auth/tokens.js';
import { writeAudit } from '../logs/service.js';
import { issueTokens, mayUsePortal, revokeSession } from './service.js';

/** How long after its rotation a refresh token still answers with the pair that replaced it. */
export const REUSE_GRACE_SECONDS = 10;

/** The key that seals a token's successor: only the server, holding the old token, can open it. */
function successorKey(ctx: AppContext, refreshToken: string): Buffer {
  return crypto.createHmac('sha256', ctx.tokens.derive('refresh-successor')).update(refreshToken).digest();
}

function seal(ctx: AppContext, refreshToken: string, pair: TokenResponse): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', successorKey(ctx, refreshToken), iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(pair), 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
}

function unseal(ctx: AppContext, refreshToken: string, sealed: string): TokenResponse | null {
  try {
    const bytes = Buffer.from(sealed, 'base64');
    const decipher = crypto.createDecipheriv('aes-256-gcm', successorKey(ctx, refreshToken), bytes.subarray(0, 12));
    decipher.setAuthTag(bytes.subarray(12, 28));
    const text = Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
    return tokenResponseSchema.parse(JSON.parse(text));
  } catch {
    return null;
  }
}

/** The token's row with its session and user, as they are now. */
async function findToken(ctx: AppContext, refreshToken: string) {
  const [found] = await ctx.db
    .select({ token: refreshTokens, session: sessions, user: users })
    .from(refreshTokens)
    .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(refreshTokens.tokenHash, hashToken(refreshToken)))
    .limit(1);
  return found;
}

/** The pair that replaced a rotated token, when it was rotated within the grace period; null otherwise. */
function recentSuccessor(
  ctx: AppContext,
  refreshToken: string,
  token: { usedAt: Date | null; successor: string | null },
): TokenResponse | null {
  if (!token.usedAt || !token.successor) return null;
  if (Date.now() - token.usedAt.getTime() > REUSE_GRACE_SECONDS * 1000) return null;
  return unseal(ctx, refreshToken, token.successor);
}

async function revokeForReuse(
  ctx: AppContext,
  user: { id: string; email: string },
  sessionId: string,
  meta: RequestMeta,
) {
  await revokeSession(ctx, { sessionId, userId: user.id, reason: 'refresh token reused' });
  await writeAudit(ctx.db, { action: 'REFRESH_REUSED', logUser: user.email, value: { sessionId }, meta });
}

/** Rotates a refresh token; see the head of this file for a token presented twice. */
export async function refreshSession(
  ctx: AppContext,
  { refreshToken, meta }: { refreshToken: string; meta: RequestMeta },
): Promise<TokenResponse> {
  const found = await findToken(ctx, refreshToken);
  if (!found || found.session.revokedAt) throw unauthorized();
  const { token, session, user } = found;

  if (token.usedAt) {
    const successor = recentSuccessor(ctx, refreshToken, token);
    if (successor) return successor;
    await revokeForReuse(ctx, user, session.id, meta);
    throw unauthorized();
  }
  if (token.expiresAt.getTime() <= Date.now()) throw unauthorized();
  const ended = sessionEnded(ctx.config, session);
  if (ended) {
    await revokeSession(ctx, { sessionId: session.id, userId: user.id, reason: ended });
    await writeAudit(ctx.db, { action: 'SESSION_ENDED', logUser: user.email, value: { reason: ended }, meta });
    throw unauthorized();
  }
  if (!(await mayUsePortal(ctx, user))) {
    await revokeSession(ctx, { sessionId: session.id, userId: user.id, reason: 'user or country not active' });
    throw unauthorized();
  }

  const tokens = await ctx.db.transaction(async (tx) => {
    const rotated = await tx
      .update(refreshTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(refreshTokens.id, token.id), isNull(refreshTokens.usedAt)))
      .returning({ id: refreshTokens.id });
    if (rotated.length === 0) return null;
    await tx.update(sessions).set({ lastActiveAt: new Date() }).where(eq(sessions.id, session.id));
    const pair = await issueTokens(ctx, tx, user, session.id);
    await tx
      .update(refreshTokens)
      .set({ successor: seal(ctx, refreshToken, pair) })
      .where(eq(refreshTokens.id, token.id));
    return pair;
  });
  if (tokens) return tokens;
  // Another request rotated the same token a moment ago (its transaction has committed): it gets the same pair.
  const again = await findToken(ctx, refreshToken);
  const successor = again && !again.session.revokedAt ? recentSuccessor(ctx, refreshToken, again.token) : null;
  if (successor) return successor;
  await revokeForReuse(ctx, user, session.id, meta);
  throw unauthorized();
}
