import { describe, expect, it } from 'vitest';
import * as shared from '@portal/shared';
import * as local from './contract';

describe('the zod-free mirror of the profile contract', () => {
  it('has the same email pattern and messages as @portal/shared', () => {
    expect(local.EMAIL_PATTERN.source).toBe(shared.EMAIL_PATTERN.source);
    for (const [key, text] of Object.entries(local.PROFILE_MESSAGES)) {
      expect(shared.PROFILE_MESSAGES[key as keyof typeof shared.PROFILE_MESSAGES]).toBe(text);
    }
  });

  it('accepts and refuses the same addresses as the contract', () => {
    for (const email of ['a@b.co', 'amina.diallo@au.int', 'x@y', 'no at.sign', 'two@@x.org', ' a@b.co']) {
      expect(local.EMAIL_PATTERN.test(email)).toBe(shared.EMAIL_PATTERN.test(email));
    }
  });
});
