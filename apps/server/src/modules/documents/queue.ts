import { DOCUMENT_MESSAGES, ERROR_CATALOGUE } from '@portal/shared';
import { AppError } from '../../errors.js';

/** Refused because the queue is full: 503 with Retry-After (seconds). */
const busy = (retryAfterSeconds: number) =>
  new AppError(503, DOCUMENT_MESSAGES.busy, 'DOCUMENT_BUSY', retryAfterSeconds);

/** Refused because the user already holds their share of the queue: 429 with Retry-After. */
function shareSpent(retryAfterSeconds: number) {
  const { status, message } = ERROR_CATALOGUE.DOCUMENTS_PER_USER;
  return new AppError(status, message, 'DOCUMENTS_PER_USER', retryAfterSeconds);
}

/** The sizes of a queue: how many jobs run at once, how many wait, and how many of those one user may hold. */
export interface QueueSizes {
  running: number;
  waiting: number;
  /** Jobs one user may have running or waiting at once; beyond, 429 DOCUMENTS_PER_USER. */
  perUser: number;
  retryAfterSeconds: number;
}

const DEFAULT_SIZES: QueueSizes = { running: 2, waiting: 20, perUser: 3, retryAfterSeconds: 5 };

/**
 * A bounded queue of document jobs: `running` at once, `waiting` more in line, and beyond that an immediate refusal
 * (503 with Retry-After) rather than an ever longer line that would hold memory and sockets until the server falls.
 * Each user holds at most `perUser` places (running or waiting): one user asking for documents as fast as they can is
 * refused with 429 beyond their share, and the rest of the line stays open to everyone else.
 */
export class DocumentQueue {
  private active = 0;
  private readonly line: (() => void)[] = [];
  private readonly held = new Map<string, number>();
  readonly sizes: QueueSizes;

  constructor(sizes: Partial<QueueSizes> = {}) {
    this.sizes = { ...DEFAULT_SIZES, ...sizes };
  }

  get size() {
    return { active: this.active, waiting: this.line.length };
  }

  /** Runs a job for a user (their id; jobs of the server itself pass none and count against no share). */
  async run<T>(job: () => Promise<T>, userId?: string): Promise<T> {
    const { running, waiting, perUser, retryAfterSeconds } = this.sizes;
    const holding = userId ? (this.held.get(userId) ?? 0) : 0;
    if (userId && holding >= perUser) throw shareSpent(retryAfterSeconds);
    if (this.active >= running && this.line.length >= waiting) throw busy(retryAfterSeconds);
    if (userId) this.held.set(userId, holding + 1);
    try {
      if (this.active < running) this.active++;
      else await new Promise<void>((resolve) => this.line.push(resolve));
      try {
        return await job();
      } finally {
        // The slot passes to the next in line, or is freed.
        const next = this.line.shift();
        if (next) next();
        else this.active--;
      }
    } finally {
      if (userId) {
        const left = (this.held.get(userId) ?? 1) - 1;
        if (left > 0) this.held.set(userId, left);
        else this.held.delete(userId);
      }
    }
  }
}

const queues = new WeakMap<object, DocumentQueue>();

/** The one queue of an app (every route that makes documents shares it). */
export function documentQueue(ctx: object): DocumentQueue {
  let queue = queues.get(ctx);
  if (!queue) queues.set(ctx, (queue = new DocumentQueue()));
  return queue;
}
