import { describe, expect, it, vi } from 'vitest';
import type { ResponseSummary } from '@portal/shared';
import { saveCounterOffer } from './saveFlow';

const summary = { id: 'r1', offerId: 'o1', pdfFileKey: null } as ResponseSummary;

describe('saving a counter offer', () => {
  it('creates it, then attaches its PDF', async () => {
    const attach = vi.fn().mockResolvedValue({ ...summary, pdfFileKey: 'k' });
    expect(await saveCounterOffer({ create: async () => summary, attach })).toEqual({ outcome: 'saved', summary });
    expect(attach).toHaveBeenCalledWith(summary);
  });

  it('a failed upload keeps the saved counter offer and reports the PDF only', async () => {
    const error = new Error('Something is wrong');
    expect(await saveCounterOffer({ create: async () => summary, attach: () => Promise.reject(error) })).toEqual({
      outcome: 'pdfFailed',
      summary,
      error,
    });
  });

  it('a refused creation makes no PDF', async () => {
    const attach = vi.fn();
    const error = new Error('A country cannot answer its own offer.');
    expect(await saveCounterOffer({ create: () => Promise.reject(error), attach })).toEqual({
      outcome: 'failed',
      error,
    });
    expect(attach).not.toHaveBeenCalled();
  });
});
