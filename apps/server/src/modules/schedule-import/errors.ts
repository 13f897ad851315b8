import type { CataloguedErrorCode } from '@portal/shared';
import { ScheduleReadError, type ReadRefusal } from './rows.js';

export type ImportRefusal = Extract<CataloguedErrorCode, `IMPORT_${string}`>;

/** A schedule file refused whole, with the refusal's code and what to do (the detail adds to its message). */
export class ScheduleImportError extends Error {
  constructor(
    readonly code: ImportRefusal,
    readonly detail = '',
  ) {
    super(detail);
    this.name = 'ScheduleImportError';
  }
}

const CODE_OF: Record<ReadRefusal, ImportRefusal> = {
  'unsupported-type': 'IMPORT_UNSUPPORTED_TYPE',
  unreadable: 'IMPORT_UNREADABLE',
  encrypted: 'IMPORT_ENCRYPTED',
  'too-large': 'IMPORT_TOO_LARGE',
  'too-many-rows': 'IMPORT_TOO_LARGE',
};

/** The refusal of a reading error, or null for anything else (a fault of ours, which stays a 500). */
export function importRefusalOf(e: unknown): ScheduleImportError | null {
  if (e instanceof ScheduleImportError) return e;
  if (e instanceof ScheduleReadError)
    return new ScheduleImportError(CODE_OF[e.reason], e.reason === 'too-many-rows' ? e.message : '');
  return null;
}
