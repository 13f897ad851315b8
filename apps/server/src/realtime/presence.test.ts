/**
 * Presence that expires: who is viewing a room (subscribed to its messages, so not notified of them) is refreshed by
 * the instance holding the connection while it lasts, and stops counting within the presence time once that instance
 * is gone without unsubscribing (kill -9); one reconnecting counts again at once. The same rule with and without Redis.
 */
import crypto from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { createBroker, type Broker } from './broker.js';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
/** A presence time of a fraction of a second, refreshed every third of it. */
const TTL_MS = 600;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const room = () => crypto.randomUUID();

describe.each([
  { kind: 'memory', url: undefined },
  { kind: 'redis', url: REDIS_URL },
])('presence ($kind)', ({ url }) => {
  const opened: Broker[] = [];
  const broker = async () => {
    const b = await createBroker(url, { presenceTtlMs: TTL_MS });
    opened.push(b);
    return b;
  };
  /** Another instance on the same Redis; without Redis there is one process, and the same broker reads. */
  const reader = async (writer: Broker) => (url ? broker() : writer);
  afterAll(async () => {
    for (const b of opened) await b.close();
  });

  it('counts a viewer for as long as its connection lasts, well past the presence time', async () => {
    const a = await broker();
    const b = await reader(a);
    const id = room();
    await a.setViewing(id, 'ada:c1', true);
    await sleep(TTL_MS * 3);
    expect(await b.viewers(id)).toEqual(new Set(['ada']));
    await a.setViewing(id, 'ada:c1', false);
    expect(await b.viewers(id)).toEqual(new Set());
  });

  it('stops counting a viewer within the presence time once its instance is gone without unsubscribing', async () => {
    const a = await createBroker(url, { presenceTtlMs: TTL_MS });
    const b = await reader(a);
    const id = room();
    await a.setViewing(id, 'ada:c1', true);
    await a.setViewing(id, 'bob:c2', true);
    // The instance stops as kill -9 would stop it: nothing unsubscribes, nothing refreshes.
    await a.close();
    expect(await b.viewers(id)).toEqual(new Set(['ada', 'bob']));
    await sleep(TTL_MS + 100);
    expect(await b.viewers(id)).toEqual(new Set());
    if (url) {
      // Nothing is left behind in Redis either.
      const redis = new Redis(url);
      expect(await redis.exists(`portal:viewing:${id}`)).toBe(0);
      redis.disconnect();
    }
    // Ada reconnects (to another instance; without Redis, to the one process): she counts at once.
    const again = url ? await broker() : a;
    await again.setViewing(id, 'ada:c3', true);
    expect(await b.viewers(id)).toEqual(new Set(['ada']));
    expect(await again.viewers(id)).toEqual(new Set(['ada']));
  });
});
