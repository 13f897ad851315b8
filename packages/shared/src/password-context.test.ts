import { describe, expect, it } from 'vitest';
import { passwordContextWords } from './password.js';

describe('passwordContextWords', () => {
  it("lists the owner's address, its pieces, names, country names and the portal's words, lower-cased, once", () => {
    const words = passwordContextWords({
      email: 'Aissatou.Ndiaye@gouv.sn',
      firstName: 'Aïssatou',
      lastName: 'Ndiaye',
      countryNames: ['Senegal', 'Sénégal', 'السنغال', null],
    });
    expect(words).toEqual(
      expect.arrayContaining(['aissatou.ndiaye@gouv.sn', 'aissatou.ndiaye', 'aissatou', 'aïssatou', 'ndiaye']),
    );
    expect(words).toEqual(expect.arrayContaining(['senegal', 'sénégal', 'السنغال', 'portal', 'afcfta']));
    expect(new Set(words).size).toBe(words.length);
  });

  it('leaves out pieces too short to matter and works with nothing known', () => {
    expect(passwordContextWords({ email: 'a.b@x.org' })).not.toContain('a');
    expect(passwordContextWords({})).toContain('portal');
  });
});
