import { describe, expect, it } from 'vitest';
import en from './en.json';
import { FIRST_VISIT_GROUPS, splitTranslations, type Translations } from './firstVisit';

/** Deep merge, as i18next's addResourceBundle(deep) does when the rest of English arrives. */
function merge(into: Translations, from: Translations): Translations {
  const out: Translations = { ...into };
  for (const [key, value] of Object.entries(from)) {
    const here = out[key];
    out[key] = typeof value === 'object' && typeof here === 'object' ? merge(here, value) : value;
  }
  return out;
}

describe('the first-visit split of English', () => {
  const [firstVisit, rest] = splitTranslations(en, FIRST_VISIT_GROUPS);

  it('loses no text: the two parts together are en.json', () => {
    expect(merge(firstVisit, rest)).toEqual(en);
  });

  it('ships the listed groups whole, and a listed part of a group without the rest of it', () => {
    expect(firstVisit.auth).toEqual(en.auth);
    expect(rest.auth).toBeUndefined();
    expect(firstVisit.backoffice).toEqual({ common: en.backoffice.common });
    expect((rest.backoffice as Translations).common).toBeUndefined();
    expect((rest.backoffice as Translations).users).toEqual(en.backoffice.users);
    expect(firstVisit.offers).toBeUndefined();
    expect(rest.offers).toEqual(en.offers);
  });

  it('refuses a name that is not in the file', () => {
    expect(() => splitTranslations(en, ['nav', 'noSuchGroup'])).toThrow('firstVisit.ts names noSuchGroup');
  });
});
