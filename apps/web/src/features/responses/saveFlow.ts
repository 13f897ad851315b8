import type { ResponseSummary } from '@portal/shared';

type SaveOutcome =
  | { outcome: 'saved'; summary: ResponseSummary }
  /** The counter offer is stored, its PDF is not: the spec's 'Something is wrong'. */
  | { outcome: 'pdfFailed'; summary: ResponseSummary; error: unknown }
  | { outcome: 'failed'; error: unknown };

/** Saving a counter offer (the spec's offer workflow): create it, then make and attach its PDF. Never throws. */
export async function saveCounterOffer(steps: {
  create: () => Promise<ResponseSummary>;
  attach: (summary: ResponseSummary) => Promise<unknown>;
}): Promise<SaveOutcome> {
  let summary: ResponseSummary;
  try {
    summary = await steps.create();
  } catch (error) {
    return { outcome: 'failed', error };
  }
  try {
    await steps.attach(summary);
    return { outcome: 'saved', summary };
  } catch (error) {
    return { outcome: 'pdfFailed', summary, error };
  }
}
