import { SECTORS_MESSAGES, type ErrorCode, type SectorsErrorCode } from '@portal/shared';
import { AppError } from '../../errors.js';

/**
 * A refused add-service or import: the spec's failure text 'Somthing went wrong!' (or the given message) with the
 * reason in `code`. The reasons are this area's own codes (SECTORS_ERROR_CODES), wider than the core ErrorCode.
 */
export function sectorsError(
  status: number,
  reason: SectorsErrorCode,
  message: string = SECTORS_MESSAGES.serviceAddFailed,
): AppError {
  return new AppError(status, message, reason as unknown as ErrorCode);
}
