import { describe, expect, it } from 'vitest';
import en from './en.json';
import fr from './fr.json';
import ar from './ar.json';
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

const variables = (text: string) => [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();
const source = leaves(en);

describe.each([
  ['fr', fr],
  ['ar', ar],
])('%s translation', (_name, translation) => {
  const target = leaves(translation as Tree);

  it('has every key of en.json, none empty', () => {
    const missing = [...source.keys()].filter((k) => !target.get(k)?.trim());
    expect(missing).toEqual([]);
  });

  it('has no key that en.json lacks, none empty in en.json', () => {
    expect([...target.keys()].filter((k) => !source.get(k)?.trim())).toEqual([]);
  });

  it('keeps the interpolation variables of each text', () => {
    const differing = [...source].filter(
      ([k, text]) => variables(text).join() !== variables(target.get(k) ?? '').join(),
    );
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
