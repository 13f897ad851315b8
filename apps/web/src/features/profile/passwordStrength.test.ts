import { describe, expect, it } from 'vitest';
import {
  isStrongEnough,
  loadStrengthEstimator,
  meetsAllRules,
  passwordChecklist,
  strengthLevel,
  STRENGTH_LEVELS,
} from './passwordStrength';

describe('password checklist', () => {
  it('lists the five rules in the spec order, each met or not', () => {
    expect(passwordChecklist('')).toEqual([
      { key: 'uppercase', passed: false },
      { key: 'lowercase', passed: false },
      { key: 'digit', passed: false },
      { key: 'special', passed: false },
      { key: 'length', passed: false },
    ]);
    expect(
      passwordChecklist('abcD3')
        .filter((i) => i.passed)
        .map((i) => i.key),
    ).toEqual(['uppercase', 'lowercase', 'digit']);
    expect(
      passwordChecklist('abcdefg!')
        .filter((i) => i.passed)
        .map((i) => i.key),
    ).toEqual(['lowercase', 'special', 'length']);
  });

  it('passes only when all five rules are met', () => {
    expect(meetsAllRules('Demo#2026pass')).toBe(true);
    expect(meetsAllRules('Aa1!aaaa')).toBe(true);
    expect(meetsAllRules('Aa1!aaa')).toBe(false); // 7 characters
    expect(meetsAllRules('aa1!aaaa')).toBe(false); // no uppercase
    expect(meetsAllRules('AA1!AAAA')).toBe(false); // no lowercase
    expect(meetsAllRules('Aab!aaaa')).toBe(false); // no digit
    expect(meetsAllRules('Aa1aaaaa')).toBe(false); // no special character
    expect(meetsAllRules('Aa1 aaaa')).toBe(true); // a space is not alphanumeric
  });
});

describe('strength meter', () => {
  it('names the levels Worst, Bad, Weak, Good, Strong on a 0–4 scale', () => {
    expect(STRENGTH_LEVELS).toEqual(['worst', 'bad', 'weak', 'good', 'strong']);
    expect([0, 1, 2, 3, 4].map(strengthLevel)).toEqual(['worst', 'bad', 'weak', 'good', 'strong']);
    expect(strengthLevel(-1)).toBe('worst');
    expect(strengthLevel(9)).toBe('strong');
    expect(strengthLevel(Number.NaN)).toBe('worst');
  });

  it('scores with zxcvbn, loaded once on demand', async () => {
    const first = loadStrengthEstimator();
    expect(loadStrengthEstimator()).toBe(first);
    const estimate = await first;
    expect(estimate('')).toBe(0);
    expect(estimate('password')).toBe(0);
    expect(estimate('Password1!')).toBeLessThanOrEqual(1);
    expect(estimate('wT7#qe-Lmz!9vRk2')).toBe(4);
  });

  it('accepts what the server accepts: Good or better and not a common password', async () => {
    expect(await isStrongEnough('Password1!')).toBe(false);
    expect(await isStrongEnough('Demo#2026pass')).toBe(true);
    expect(await isStrongEnough('wT7#qe-Lmz!9vRk2')).toBe(true);
    // Built from the user's own name: weaker.
    expect(await isStrongEnough('Wanjiru2026!', ['Wanjiru'])).toBe(false);
  });

  it("rates a password made of the user's own name lower", async () => {
    const estimate = await loadStrengthEstimator();
    const password = 'Wanjiru.Kamau1';
    expect(estimate(password, ['Wanjiru', 'Kamau'])).toBeLessThan(estimate(password));
  });
});
