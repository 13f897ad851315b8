import { describe, expect, it } from 'vitest';
import { ProvisionalCodeError, parseProvisionalCodes, provisionalCodeTokens } from './codes.js';

describe('parseProvisionalCodes', () => {
  it('reads a single code', () => {
    expect(parseProvisionalCodes('861')).toMatchObject({ codes: ['861'], parts: [{ text: '861', marker: '' }] });
  });
  it('expands a range and keeps it as written', () => {
    const p = parseProvisionalCodes('83106-83109');
    expect(p.codes).toEqual(['83106', '83107', '83108', '83109']);
    expect(p.parts[0]?.text).toBe('83106-83109');
  });
  it('reads combined codes', () => {
    expect(parseProvisionalCodes('845+849').codes).toEqual(['845', '849']);
    expect(parseProvisionalCodes('633+8861-8866').codes).toEqual([
      '633',
      '8861',
      '8862',
      '8863',
      '8864',
      '8865',
      '8866',
    ]);
  });
  it('keeps the * and ** markers', () => {
    expect(parseProvisionalCodes('81299*').parts[0]).toEqual({ text: '81299*', codes: ['81299'], marker: '*' });
    expect(parseProvisionalCodes('7521**+7529**').parts.map((p) => p.marker)).toEqual(['**', '**']);
  });
  it('reads exclusions and alternatives', () => {
    expect(parseProvisionalCodes('884+885 (except for 88442)')).toMatchObject({
      codes: ['884', '885'],
      excluded: ['88442'],
    });
    expect(parseProvisionalCodes('9319 (other than 93191)')).toMatchObject({ codes: ['9319'], excluded: ['93191'] });
    expect(parseProvisionalCodes('81339** or 81319**')).toMatchObject({
      codes: ['81339', '81319'],
      alternatives: true,
    });
  });
  it('treats n.a. and empty as no code', () => {
    expect(parseProvisionalCodes('n.a.')).toMatchObject({ codes: [], notApplicable: true });
    expect(parseProvisionalCodes('')).toMatchObject({ codes: [], notApplicable: false });
    expect(provisionalCodeTokens('n.a.')).toEqual([]);
  });
  it('refuses what is not in the grammar', () => {
    for (const bad of ['Section B', '86a', '83109-83106', '8-83109', '861***', '1+', '(861)', '.*']) {
      expect(() => parseProvisionalCodes(bad), bad).toThrow(ProvisionalCodeError);
    }
  });
});
