import { describe, expect, it } from 'vitest';
import { contactFormProblems, isEmail, isHexColour, isHttpLink, isLogoAddress, toContactBody } from './forms';

describe('back-office and public form rules', () => {
  it('accepts colours like #599cff only', () => {
    expect(isHexColour('#599cff')).toBe(true);
    expect(isHexColour('#FFFFFF')).toBe(true);
    for (const bad of ['599cff', '#fff', '#599cfg', 'blue', '#599cff0']) expect(isHexColour(bad)).toBe(false);
  });

  it('accepts empty or http(s) links, refuses other schemes and junk', () => {
    expect(isHttpLink('')).toBe(true);
    expect(isHttpLink('https://www.linkedin.com/company/au')).toBe(true);
    expect(isHttpLink('http://example.org')).toBe(true);
    for (const bad of [
      'javascript:alert(1)',
      'ftp://example.org',
      'www.example.org',
      'https://',
      `https://x.org/${'a'.repeat(500)}`,
    ])
      expect(isHttpLink(bad)).toBe(false);
  });

  it('accepts a logo given as an address or a path of the site, not a protocol-relative one', () => {
    expect(isLogoAddress('')).toBe(true);
    expect(isLogoAddress('/api/file/aws/download/logo.png')).toBe(true);
    expect(isLogoAddress('https://cdn.example.org/logo.svg')).toBe(true);
    expect(isLogoAddress('//evil.example/logo.svg')).toBe(false);
    expect(isLogoAddress('data:image/svg+xml,<svg/>')).toBe(false);
  });

  it('checks addresses with the basic pattern (newsletter, contact)', () => {
    expect(isEmail('amina.diallo@au.int')).toBe(true);
    expect(isEmail(' amina@au.int ')).toBe(true);
    for (const bad of ['amina', 'amina@', 'amina@au', 'a b@au.int', '@au.int']) expect(isEmail(bad)).toBe(false);
  });

  it('the contact form needs names, subject, a valid address and a message; the company is optional', () => {
    expect(contactFormProblems({})).toEqual({
      firstName: 'required',
      lastName: 'required',
      subject: 'required',
      email: 'required',
      message: 'required',
    });
    const filled = {
      firstName: 'Kofi',
      lastName: 'Asante',
      subject: 'Schedules',
      email: 'kofi@trade.gov.gh',
      message: 'Hello',
    };
    expect(contactFormProblems(filled)).toEqual({});
    expect(contactFormProblems({ ...filled, email: 'kofi@' })).toEqual({ email: 'email' });
    expect(contactFormProblems({ ...filled, message: '   ' })).toEqual({ message: 'required' });
  });

  it('sends the contact message trimmed, with an empty company when none is given', () => {
    expect(
      toContactBody({
        firstName: ' Kofi ',
        lastName: 'Asante',
        subject: ' Hi ',
        email: ' kofi@trade.gov.gh ',
        message: ' Text ',
      }),
    ).toEqual({
      firstName: 'Kofi',
      lastName: 'Asante',
      companyName: '',
      subject: 'Hi',
      email: 'kofi@trade.gov.gh',
      message: 'Text',
    });
  });
});
