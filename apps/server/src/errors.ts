import type { ErrorCode } from '@portal/shared';
import { MESSAGES } from '@portal/shared';

/** A refusal the client should see as it is: status, message and code. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: ErrorCode,
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new AppError(400, message, 'VALIDATION');
export const unauthorized = (message: string = MESSAGES.unauthorized) => new AppError(401, message, 'UNAUTHORIZED');
export const forbidden = (message: string = MESSAGES.accessDenied) => new AppError(403, message, 'FORBIDDEN');
export const notFound = (message: string = MESSAGES.notFound) => new AppError(404, message, 'NOT_FOUND');
export const conflict = (message: string) => new AppError(409, message, 'CONFLICT');
export const businessRule = (message: string) => new AppError(422, message, 'BUSINESS_RULE');
