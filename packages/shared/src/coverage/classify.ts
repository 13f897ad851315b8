/**
 * The one rule that reads a commitment entry: what a value of a schedule says about the level of the
 * commitment, for the coverage counts, the heat map, the XLSX export and GATS+ at a glance. Zod-free, so the browser
 * imports it without the schemas.
 *
 * full: 'None' (no limitation); unbound: 'Unbound' or 'Unbound*' (no commitment in that mode); partial: any other
 * limitation written out ('None except …', 'Unbound except as indicated in the horizontal section', a text);
 * notScheduled: nothing written. A value is read in any of the portal's three languages ('Néant', 'غير ملزم').
 */
import { findFixedTerm } from '../offers/vocabulary.js';

export const COMMITMENT_CLASSES = ['full', 'partial', 'unbound', 'notScheduled'] as const;
export type CommitmentClass = (typeof COMMITMENT_CLASSES)[number];

const UNBOUND = new Set(['Unbound', 'Unbound*']);

/** The class of one entry value of a schedule (an offer's, a request's or a GATS schedule's MA1…NT4 cell). */
export function classifyCommitment(value: string | null | undefined): CommitmentClass {
  const text = (value ?? '').replace(/<[^>]*>/g, ' ').trim();
  if (!text) return 'notScheduled';
  const term = findFixedTerm(text);
  if (term?.en === 'None') return 'full';
  if (term && UNBOUND.has(term.en)) return 'unbound';
  return 'partial';
}

/** How far a class binds: not scheduled < unbound < partial < full. */
export const COMMITMENT_RANK: Readonly<Record<CommitmentClass, number>> = {
  notScheduled: 0,
  unbound: 1,
  partial: 2,
  full: 3,
};

/**
 * Whether an offer's entry goes beyond a GATS entry by its class alone: it binds (full or partial) and ranks higher.
 * Unbound binds nothing, as not scheduled does; two partial commitments are not told apart by counting (the texts
 * must be read), so partial over partial is not GATS+ here.
 */
export function goesBeyond(offer: CommitmentClass, gats: CommitmentClass): boolean {
  return (offer === 'full' || offer === 'partial') && COMMITMENT_RANK[offer] > COMMITMENT_RANK[gats];
}

/**
 * The class of two entries that fall in one cell (a country's entries of one subsector and mode): the class they
 * share, else partial (part of the subsector bound, part not). A blank entry gives way to a written one.
 */
export function combineClass(a: CommitmentClass, b: CommitmentClass): CommitmentClass {
  if (a === b || b === 'notScheduled') return a;
  if (a === 'notScheduled') return b;
  return 'partial';
}

/** The class of several entries of one cell (combineClass over them); not scheduled when there are none. */
export function combineClasses(classes: Iterable<CommitmentClass>): CommitmentClass {
  let out: CommitmentClass = 'notScheduled';
  for (const c of classes) out = combineClass(out, c);
  return out;
}

/** A tally of classes: how many commitments of each class a cell holds. */
export type CoverageCounts = Record<CommitmentClass, number>;

export const emptyCounts = (): CoverageCounts => ({ full: 0, partial: 0, unbound: 0, notScheduled: 0 });
