import type { Config } from '../config.js';

/** The times a session is read by: its sign-in and its last refresh (the server's measure of its idle time). */
export interface SessionTimes {
  createdAt: Date;
  lastActiveAt: Date;
}

type SessionLimits = Pick<Config, 'sessionIdleMinutes' | 'sessionMaxHours'>;

/**
 * When a session ends unless it is refreshed first, and why: SESSION_IDLE_MINUTES after its last refresh (the spec's
 * idle timeout, its countdown and one access token's life by default), or SESSION_MAX_HOURS after its sign-in however
 * active. The one rule of both the refresh (HTTP) and the live connections.
 */
export function sessionEndsAt(
  config: SessionLimits,
  session: SessionTimes,
): { at: number; reason: 'idle' | 'maximum session length' } {
  const absolute = session.createdAt.getTime() + config.sessionMaxHours * 3_600_000;
  const idle = session.lastActiveAt.getTime() + config.sessionIdleMinutes * 60_000;
  return absolute <= idle ? { at: absolute, reason: 'maximum session length' } : { at: idle, reason: 'idle' };
}

/** Why a session may no longer be used or refreshed, if it may not (see `sessionEndsAt`). */
export function sessionEnded(config: SessionLimits, session: SessionTimes, now = Date.now()): string | null {
  const { at, reason } = sessionEndsAt(config, session);
  return now > at ? reason : null;
}
