import type { CommitmentClass, CoverageCounts, CoverageRow } from '@portal/shared';

/** The 8 columns of the matrix: market access modes 1–4, then national treatment modes 1–4. */
export const COVERAGE_COLUMNS = [
  { key: 'ma1', block: 'marketAccess', mode: 1 },
  { key: 'ma2', block: 'marketAccess', mode: 2 },
  { key: 'ma3', block: 'marketAccess', mode: 3 },
  { key: 'ma4', block: 'marketAccess', mode: 4 },
  { key: 'nt1', block: 'nationalTreatment', mode: 1 },
  { key: 'nt2', block: 'nationalTreatment', mode: 2 },
  { key: 'nt3', block: 'nationalTreatment', mode: 3 },
  { key: 'nt4', block: 'nationalTreatment', mode: 4 },
] as const;
export type CoverageColumn = (typeof COVERAGE_COLUMNS)[number];

/** Nothing counted: what a mode the row does not hold shows (the contract gives every row its 4 modes). */
const NO_COUNTS: CoverageCounts = { full: 0, partial: 0, unbound: 0, notScheduled: 0 };

export const countsAt = (row: CoverageRow, column: CoverageColumn): CoverageCounts =>
  row[column.block][column.mode - 1] ?? NO_COUNTS;

/** The share (0–1) of a cell's commitments in the class the heat map shows; 0 when nothing is counted. */
export function shareOf(counts: CoverageCounts, shown: CommitmentClass): number {
  const total = counts.full + counts.partial + counts.unbound + counts.notScheduled;
  return total === 0 ? 0 : counts[shown] / total;
}

/** Light to dark blue: at least 4.5:1 between the number written in a cell and its colour (white text past half). */
const CHANNELS = [
  // red, green, blue: [light, dark]
  [239, 0],
  [246, 58],
  [255, 140],
] as const;

export function heatColour(share: number): string {
  const mix = CHANNELS.map(([light, dark]) => Math.round(light + (dark - light) * Math.min(1, Math.max(0, share))));
  return `rgb(${mix.join(', ')})`;
}

/** Text written on a cell of that share: dark on light cells, white on dark ones. */
export const textColourOn = (share: number) => (share > 0.5 ? '#ffffff' : '#1f1f1f');

/** The x position of a column: left to right, or right to left in Arabic (the first mode nearest the row names). */
export function columnX(index: number, count: number, rtl: boolean): number {
  return rtl ? count - 1 - index : index;
}
