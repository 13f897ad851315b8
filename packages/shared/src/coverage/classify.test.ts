import { describe, expect, it } from 'vitest';
import { classifyCommitment, combineClasses, goesBeyond } from './classify.js';

describe('classifyCommitment', () => {
  it('reads None as full, Unbound and Unbound* as unbound, any other text as partial, blank as not scheduled', () => {
    expect(classifyCommitment('None')).toBe('full');
    expect(classifyCommitment('<p>None</p>')).toBe('full');
    expect(classifyCommitment('Néant')).toBe('full');
    expect(classifyCommitment('Unbound')).toBe('unbound');
    expect(classifyCommitment('Unbound*')).toBe('unbound');
    expect(classifyCommitment('غير ملزم')).toBe('unbound');
    expect(classifyCommitment('None except that a licence is required')).toBe('partial');
    expect(classifyCommitment('Unbound except as indicated in the horizontal section')).toBe('partial');
    expect(classifyCommitment('')).toBe('notScheduled');
    expect(classifyCommitment('  <p></p> ')).toBe('notScheduled');
    expect(classifyCommitment(undefined)).toBe('notScheduled');
  });

  it('combines the entries of one cell: their shared class, else partial; blanks only when nothing is written', () => {
    expect(combineClasses(['full', 'full'])).toBe('full');
    expect(combineClasses(['full', 'unbound'])).toBe('partial');
    expect(combineClasses(['notScheduled', 'unbound'])).toBe('unbound');
    expect(combineClasses([])).toBe('notScheduled');
  });

  it('counts as GATS+ only a binding entry of a higher class', () => {
    expect(goesBeyond('full', 'unbound')).toBe(true);
    expect(goesBeyond('partial', 'notScheduled')).toBe(true);
    expect(goesBeyond('unbound', 'notScheduled')).toBe(false);
    expect(goesBeyond('partial', 'partial')).toBe(false);
    expect(goesBeyond('full', 'full')).toBe(false);
  });
});
