import { describe, expect, it } from 'vitest';
import { readUserSearch } from './userSearch';

const countries = [
  { code: 'SN', names: ['Senegal', 'Sénégal', 'السنغال'] },
  { code: 'NE', names: ['Niger', 'Niger', 'النيجر'] },
  { code: 'NG', names: ['Nigeria', 'Nigéria', 'نيجيريا'] },
  { code: 'KE', names: ['Kenya', 'Kenya', 'كينيا'] },
];

describe('users search box', () => {
  it('is empty when nothing is typed', () => {
    expect(readUserSearch('  ', countries)).toEqual({});
  });

  it('filters by country when the text names exactly one, in any language and without accents', () => {
    expect(readUserSearch('senegal', countries)).toEqual({ country: 'SN' });
    expect(readUserSearch('Sénég', countries)).toEqual({ country: 'SN' });
    expect(readUserSearch('السنغال', countries)).toEqual({ country: 'SN' });
    expect(readUserSearch('Kenya', countries)).toEqual({ country: 'KE' });
  });

  it('prefers the country named in full over longer names it starts (Niger, not Nigeria)', () => {
    expect(readUserSearch('niger', countries)).toEqual({ country: 'NE' });
  });

  it('searches names and addresses otherwise (short or ambiguous text, people)', () => {
    expect(readUserSearch('ken', countries)).toEqual({ search: 'ken' });
    expect(readUserSearch('Nige', countries)).toEqual({ search: 'Nige' });
    expect(readUserSearch(' wanjiru ', countries)).toEqual({ search: 'wanjiru' });
    expect(readUserSearch('chief.sn@portal.test', countries)).toEqual({ search: 'chief.sn@portal.test' });
  });
});
