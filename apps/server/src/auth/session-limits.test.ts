import { describe, expect, it } from 'vitest';
import { sessionEnded, sessionEndsAt } from './session-limits.js';

const limits = { sessionIdleMinutes: 60, sessionMaxHours: 12 };
const at = (iso: string) => new Date(iso);

describe('when a session ends (the refresh and the live connections read the same rule)', () => {
  it('ends an hour after its last refresh, or twelve hours after sign-in, whichever comes first', () => {
    const active = { createdAt: at('2026-01-01T08:00:00Z'), lastActiveAt: at('2026-01-01T10:00:00Z') };
    expect(sessionEndsAt(limits, active)).toEqual({ at: at('2026-01-01T11:00:00Z').getTime(), reason: 'idle' });
    const old = { createdAt: at('2026-01-01T08:00:00Z'), lastActiveAt: at('2026-01-01T19:30:00Z') };
    expect(sessionEndsAt(limits, old)).toEqual({
      at: at('2026-01-01T20:00:00Z').getTime(),
      reason: 'maximum session length',
    });
  });

  it('says why a session has ended, and nothing while it has not', () => {
    const session = { createdAt: at('2026-01-01T08:00:00Z'), lastActiveAt: at('2026-01-01T10:00:00Z') };
    expect(sessionEnded(limits, session, at('2026-01-01T11:00:00Z').getTime())).toBeNull();
    expect(sessionEnded(limits, session, at('2026-01-01T11:00:01Z').getTime())).toBe('idle');
  });
});
