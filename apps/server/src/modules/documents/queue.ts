import { DOCUMENT_MESSAGES } from '@portal/shared';
import { AppError } from '../../errors.js';

/** Refused because the queue is full: the answer carries Retry-After (seconds). */
export class DocumentBusyError extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super(503, DOCUMENT_MESSAGES.busy, 'DOCUMENT_BUSY');
  }
}

/**
 * A bounded queue of document jobs: `running` at once, `waiting` more in line, and beyond that an immediate refusal
 * (503 with Retry-After) rather than an ever longer line that would hold memory and sockets until the server falls.
 */
export class DocumentQueue {
  private active = 0;
  private readonly line: (() => void)[] = [];

  constructor(
    readonly running = 2,
    readonly waiting = 20,
    readonly retryAfterSeconds = 5,
  ) {}

  get size() {
    return { active: this.active, waiting: this.line.length };
  }

  async run<T>(job: () => Promise<T>): Promise<T> {
    if (this.active < this.running) this.active++;
    else if (this.line.length < this.waiting) await new Promise<void>((resolve) => this.line.push(resolve));
    else throw new DocumentBusyError(this.retryAfterSeconds);
    try {
      return await job();
    } finally {
      // The slot passes to the next in line, or is freed.
      const next = this.line.shift();
      if (next) next();
      else this.active--;
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
