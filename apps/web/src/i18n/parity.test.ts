import { describe, expect, it } from 'vitest';
import en from './en.json';
import fr from './fr.json';
import ar from './ar.json';
import { AUDIT_ACTIONS } from '@portal/shared';
import { formatDuration } from './dates';

type Tree = { [key: string]: string | Tree };

/** Every leaf of a translation tree, as dotted key → text. */
function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of leaves(value, path)) out.set(k, v);
  }
  return out;
}

const variables = (text: string) => [...text.matchAll(/{{\s*(\w+)\s*}}/g)].flatMap((m) => m[1] ?? []).sort();
const source = leaves(en);

/** i18next's plural suffixes (CLDR categories): `banner_one`, `banner_few`… are forms of `banner`. */
const PLURAL = /_(zero|one|two|few|many|other)$/;
const pluralBase = (key: string) => key.replace(PLURAL, '');
/** The plural words of en.json (the bases of its `_one`/`_other` keys). */
const pluralBases = new Set([...source.keys()].filter((k) => PLURAL.test(k)).map(pluralBase));

describe.each([
  ['fr', fr],
  ['ar', ar],
])('%s translation', (name, translation) => {
  const target = leaves(translation as Tree);
  const categories = new Intl.PluralRules(name).resolvedOptions().pluralCategories;

  it('has every key of en.json, none empty', () => {
    const missing = [...source.keys()]
      .filter((k) => !PLURAL.test(k) || !pluralBases.has(pluralBase(k)))
      .filter((k) => !target.get(k)?.trim());
    expect(missing).toEqual([]);
  });

  it("has every plural form of the language for each plural word of en.json (Arabic's six, French's three)", () => {
    const missing = [...pluralBases].flatMap((base) =>
      categories.map((c) => `${base}_${c}`).filter((k) => !target.get(k)?.trim()),
    );
    expect(missing).toEqual([]);
  });

  it('has no key that en.json lacks, none empty in en.json', () => {
    const extra = [...target.keys()].filter((k) =>
      PLURAL.test(k) && pluralBases.has(pluralBase(k))
        ? !categories.includes(k.match(PLURAL)![1] as Intl.LDMLPluralRule)
        : !source.get(k)?.trim(),
    );
    expect(extra).toEqual([]);
  });

  it('keeps the interpolation variables of each text', () => {
    // A plural form may leave out the number ("تغيير واحد", one change), never another variable.
    const without = (vars: string[], plural: boolean) => (plural ? vars.filter((v) => v !== 'count') : vars).join();
    const differing = [...target].filter(([k, text]) => {
      const plural = PLURAL.test(k) && pluralBases.has(pluralBase(k));
      const from = plural ? (source.get(k) ?? source.get(`${pluralBase(k)}_other`)) : source.get(k);
      return from !== undefined && without(variables(from), plural) !== without(variables(text), plural);
    });
    expect(differing.map(([k]) => k)).toEqual([]);
  });
});

describe('formatDuration', () => {
  it('says the idle time in words', () => {
    expect(formatDuration(1_800_000, 'en')).toBe('30 minutes');
    expect(formatDuration(1_800_000, 'fr')).toBe('30 minutes');
    expect(formatDuration(4_000, 'en')).toBe('4 seconds');
  });
});

describe('audit actions', () => {
  it('has a label for every action the server writes, in en.json (and so, by parity, in fr and ar)', () => {
    const labelled = Object.keys(en.backoffice.audit.actions);
    expect(AUDIT_ACTIONS.filter((a) => !labelled.includes(a))).toEqual([]);
  });
});
