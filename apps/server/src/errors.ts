import type { CataloguedErrorCode, ErrorCode } from '@portal/shared';
import { ERROR_CATALOGUE, MESSAGES } from '@portal/shared';

/** A refusal the client should see as it is: status, message and code. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: ErrorCode,
    /** Seconds before the client may try again (sent as Retry-After). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }

  /** What the refused resource now is, sent with the refusal (a 409 shows the state that won). */
  payload?: unknown;
}

export const badRequest = (message: string) => new AppError(400, message, 'VALIDATION');
export const unauthorized = (message: string = MESSAGES.unauthorized) => new AppError(401, message, 'UNAUTHORIZED');
export const forbidden = (message: string = MESSAGES.accessDenied) => new AppError(403, message, 'FORBIDDEN');
export const notFound = (message: string = MESSAGES.notFound) => new AppError(404, message, 'NOT_FOUND');
export const conflict = (message: string) => new AppError(409, message, 'CONFLICT');
export const businessRule = (message: string) => new AppError(422, message, 'BUSINESS_RULE');

/** A refusal of the catalogue (packages/shared errors.ts): its status, message and code; `detail` follows the message. */
export const refusal = (code: CataloguedErrorCode, detail?: string) => {
  const { status, message } = ERROR_CATALOGUE[code];
  return new AppError(status, detail ? `${message} ${detail}` : message, code);
};

/**
 * The first row of a query's answer, or the refusal when there is none (404 NOT_FOUND unless given): replaces
 * `const [row] = await query; if (!row) throw notFound();`. The query runs when awaited here.
 */
export async function firstOr404<T>(query: PromiseLike<T[]>, refuse: () => Error = () => notFound()): Promise<T> {
  const [row] = await query;
  if (row === undefined) throw refuse();
  return row;
}
