import { describe, expect, it } from 'vitest';
import { DocumentQueue } from './queue.js';
import { AppError } from '../../errors.js';

/** A job that ends when told to. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, job: async () => opened };
}

async function refusalOf(work: Promise<unknown>) {
  try {
    await work;
  } catch (err) {
    return err as AppError;
  }
  throw new Error('not refused');
}

describe('DocumentQueue', () => {
  it('runs `running` at once, lines up `waiting`, and answers 503 DOCUMENT_BUSY beyond', async () => {
    const queue = new DocumentQueue({ running: 2, waiting: 3, perUser: 10, retryAfterSeconds: 4 });
    const g = gate();
    const jobs = Array.from({ length: 5 }, (_, i) => queue.run(g.job, `user-${i}`));
    expect(queue.size).toEqual({ active: 2, waiting: 3 });
    const busy = await refusalOf(queue.run(g.job, 'user-9'));
    expect(busy).toMatchObject({ status: 503, code: 'DOCUMENT_BUSY', retryAfterSeconds: 4 });
    g.open();
    await Promise.all(jobs);
    expect(queue.size).toEqual({ active: 0, waiting: 0 });
  });

  it('gives one user at most their share: 429 DOCUMENTS_PER_USER, while others still get a place', async () => {
    const queue = new DocumentQueue({ running: 2, waiting: 20, perUser: 3, retryAfterSeconds: 5 });
    const g = gate();
    const mine = Array.from({ length: 3 }, () => queue.run(g.job, 'greedy'));
    const spent = await refusalOf(queue.run(g.job, 'greedy'));
    expect(spent).toMatchObject({ status: 429, code: 'DOCUMENTS_PER_USER', retryAfterSeconds: 5 });
    const other = queue.run(async () => 'made', 'patient');
    expect(queue.size).toEqual({ active: 2, waiting: 2 });
    g.open();
    expect(await other).toBe('made');
    await Promise.all(mine);
    // The share comes back as the jobs end, also when a job fails.
    await expect(queue.run(async () => Promise.reject(new Error('engine')), 'greedy')).rejects.toThrow('engine');
    expect(await Promise.all([1, 2, 3].map(() => queue.run(async () => 'again', 'greedy')))).toEqual([
      'again',
      'again',
      'again',
    ]);
  });

  it('counts no share for the server’s own jobs', async () => {
    const queue = new DocumentQueue({ running: 1, waiting: 5, perUser: 1 });
    const g = gate();
    const own = [queue.run(g.job), queue.run(g.job)];
    expect(queue.size).toEqual({ active: 1, waiting: 1 });
    g.open();
    await Promise.all(own);
  });
});
