import { describe, expect, it } from 'vitest';
import { i18n } from '../i18n';
import { ApiError } from './http';
import { errorText } from './errorText';

describe('errorText: the text of a refused call', () => {
  const en = i18n.getFixedT('en');
  const fr = i18n.getFixedT('fr');

  it('shows the text of a known code in the interface language, whatever the server worded', () => {
    const stale = new ApiError(409, 'Someone else saved first (a reworded message).', 'OFFER_STALE');
    expect(errorText(en, stale)).toMatch(/^This offer was changed by someone else/);
    expect(errorText(fr, stale)).toMatch(/^Cette offre a été modifiée/);
  });

  it("shows an unknown code's 4xx message as sent, else the fallback", () => {
    expect(errorText(en, new ApiError(400, 'sectors.0.services: too many', 'VALIDATION'))).toBe(
      'sectors.0.services: too many',
    );
    expect(errorText(en, new ApiError(500, 'boom', 'INTERNAL'))).toBe(
      'Sorry, something went wrong. Please try again later.',
    );
    expect(errorText(en, new ApiError(404, 'HTTP_404', 'HTTP_404'), 'Not there')).toBe('Not there');
    expect(errorText(en, new Error('x'))).toBe('Sorry, something went wrong. Please try again later.');
  });
});
