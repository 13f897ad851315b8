import { describe, expect, it } from 'vitest';
import { needsShowMore, plainText, shortVersion } from './showMore';

describe('show more (limit 100 characters)', () => {
  it('needs no toggle up to 100 characters, and one past it', () => {
    expect(needsShowMore('a'.repeat(100))).toBe(false);
    expect(needsShowMore('a'.repeat(101))).toBe(true);
    expect(needsShowMore('abcdef', 5)).toBe(true);
  });

  it('counts characters, not UTF-16 units', () => {
    expect(needsShowMore('🇰🇪'.repeat(50))).toBe(false);
    expect(needsShowMore('ع'.repeat(100))).toBe(false);
  });

  it('keeps a short text as it is', () => {
    expect(shortVersion('Short text.')).toBe('Short text.');
  });

  it('cuts a long text at a word boundary, within the limit, with an ellipsis', () => {
    const text =
      'The Services Negotiation Portal is where the member states of the African Union prepare, submit and discuss their schedules.';
    const short = shortVersion(text);
    expect(short.endsWith('…')).toBe(true);
    expect([...short].length).toBeLessThanOrEqual(101);
    expect(text.startsWith(short.slice(0, -1))).toBe(true);
    expect(short).not.toMatch(/ …$/);
    expect(short).toBe(
      'The Services Negotiation Portal is where the member states of the African Union prepare, submit and…',
    );
  });

  it('cuts a text without spaces at the limit', () => {
    expect(shortVersion('x'.repeat(150))).toBe(`${'x'.repeat(100)}…`);
  });

  it('measures the words of rich text, not its tags', () => {
    expect(plainText('<p>One &amp; two</p><ul><li>three</li></ul>')).toBe('One & two three');
    expect(needsShowMore(plainText(`<p><strong>${'a'.repeat(90)}</strong></p>`))).toBe(false);
  });
});
