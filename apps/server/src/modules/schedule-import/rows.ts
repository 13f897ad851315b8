/** The rows of a schedule file as its readers hand them over, and why a file is refused. */
/** Where a row is in its file, for the warnings a person reads. */
export interface RowPlace {
  /** The Word table (1 for the first), absent for a paragraph or a sheet row. */
  table?: number;
  /** The sheet's name in a workbook. */
  sheet?: string;
  /** The row in its table or sheet (1 for the first); for a paragraph between tables, its number. */
  row: number;
}

export interface SourceRow {
  at: RowPlace;
  /** Cell texts, one line per paragraph or line break; a paragraph outside a table is one cell. */
  cells: string[];
  /** A paragraph outside any table (a title between tables). */
  paragraph?: boolean;
}

export type ScheduleFileKind = 'docx' | 'xlsx';

export type ReadRefusal = 'unsupported-type' | 'unreadable' | 'encrypted' | 'too-large' | 'too-many-rows';

export class ScheduleReadError extends Error {
  constructor(
    readonly reason: ReadRefusal,
    message: string,
  ) {
    super(message);
    this.name = 'ScheduleReadError';
  }
}

export const tooManyRows = (max: number) =>
  new ScheduleReadError(
    'too-many-rows',
    `The file holds more than ${max} rows: a schedule is far shorter. Split it and import the parts.`,
  );
