import { describe, expect, it } from 'vitest';
import { EventBus } from './events.js';

const revoked = { userId: 'u-1', sessionId: 's-1', reason: 'test' };

describe('EventBus', () => {
  it('runs `on` listeners after the emitting call goes on, and `onSync` listeners before emit returns', async () => {
    const bus = new EventBus();
    const seen: string[] = [];
    bus.on('session.revoked', () => void seen.push('later'));
    bus.onSync('session.revoked', () => void seen.push('at once'));
    bus.emit('session.revoked', revoked);
    expect(seen).toEqual(['at once']);
    await Promise.resolve();
    await Promise.resolve();
    expect(seen).toEqual(['at once', 'later']);
  });

  it('a failing listener of either kind is reported, never thrown at the emitting call', async () => {
    const bus = new EventBus();
    const errors: unknown[] = [];
    bus.onError((err) => errors.push(err));
    bus.onSync('session.revoked', () => {
      throw new Error('sync failed');
    });
    bus.on('session.revoked', () => {
      throw new Error('async failed');
    });
    expect(() => bus.emit('session.revoked', revoked)).not.toThrow();
    await new Promise((r) => setTimeout(r, 0));
    expect(errors.map((e) => (e as Error).message)).toEqual(['sync failed', 'async failed']);
  });

  it('stops calling a listener once it is removed', () => {
    const bus = new EventBus();
    let calls = 0;
    const off = bus.onSync('session.revoked', () => void calls++);
    bus.emit('session.revoked', revoked);
    off();
    bus.emit('session.revoked', revoked);
    expect(calls).toBe(1);
  });

  it('settled() waits for the listeners at work, and for those the events they emit start (the stop awaits it)', async () => {
    const bus = new EventBus();
    const done: string[] = [];
    bus.on('session.revoked', async () => {
      await new Promise((r) => setTimeout(r, 30));
      done.push('revoked');
      bus.emit('user.accessEnded', { userId: 'u-1', reason: 'test' });
    });
    bus.on('user.accessEnded', async () => {
      await new Promise((r) => setTimeout(r, 30));
      done.push('ended');
    });
    await bus.settled();
    bus.emit('session.revoked', revoked);
    await bus.settled();
    expect(done).toEqual(['revoked', 'ended']);
  });
});
