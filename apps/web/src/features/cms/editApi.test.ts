import { describe, expect, it } from 'vitest';
import { testCmsEntry } from '../../test/cms';
import { reorder, textIn } from './editApi';

const entry = (id: string, position: number) => ({ id, position });

describe('reorder', () => {
  it('swaps an entry with its neighbour and renumbers only what changes', () => {
    const list = [entry('a', 0), entry('b', 1), entry('c', 2)];
    expect(reorder(list, 2, -1).map((c) => [c.entry.id, c.position])).toEqual([
      ['c', 1],
      ['b', 2],
    ]);
  });

  it('renumbers entries that share a position', () => {
    const list = [entry('a', 0), entry('b', 0), entry('c', 0)];
    expect(reorder(list, 0, 1).map((c) => [c.entry.id, c.position])).toEqual([
      ['a', 1],
      ['c', 2],
    ]);
  });

  it('does nothing past either end', () => {
    const list = [entry('a', 0), entry('b', 1)];
    expect(reorder(list, 0, -1)).toEqual([]);
    expect(reorder(list, 1, 1)).toEqual([]);
  });
});

describe('textIn', () => {
  const base = testCmsEntry({
    lang: 'fr',
    text: { title: 'À propos', summary: '', body: '' },
    languages: ['en', 'fr'],
  });
  it("is the entry's own text in that language", () => {
    expect(textIn(base, 'fr').title).toBe('À propos');
  });
  it('is empty when the server fell back to English', () => {
    expect(textIn({ ...base, lang: 'ar', text: { title: 'About', summary: '', body: '' } }, 'ar')).toEqual({
      title: '',
      summary: '',
      body: '',
    });
  });
});
