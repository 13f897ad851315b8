import { describe, expect, it } from 'vitest';
import { i18n } from '../../i18n';
import { ApiError } from '../../api/http';
import { afterSignIn, signInErrorText } from './signInErrors';

describe('sign-in errors', () => {
  const t = i18n.getFixedT('fr');

  it('translates the refusals by their code, whatever the server worded', () => {
    expect(signInErrorText(new ApiError(400, 'Wrong e-mail or password (reworded).', 'BAD_CREDENTIALS'), t)).toBe(
      'Adresse électronique ou mot de passe incorrect.',
    );
    expect(signInErrorText(new ApiError(429, 'Rate limit exceeded', 'RATE_LIMITED'), t)).toMatch(/Trop de requêtes/);
  });

  it('shows any other server message as it is', () => {
    expect(signInErrorText(new ApiError(400, 'Unknown grant type', 'VALIDATION'), t)).toBe('Unknown grant type');
  });
});

describe('after sign-in', () => {
  it('returns to the page the user was sent away from, never to another site', () => {
    expect(afterSignIn('/offers?x=1')).toBe('/offers?x=1');
    expect(afterSignIn(undefined)).toBe('/dashboard');
    expect(afterSignIn('//evil.example')).toBe('/dashboard');
    expect(afterSignIn('/login')).toBe('/dashboard');
  });
});
