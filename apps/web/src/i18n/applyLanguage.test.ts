import { afterAll, describe, expect, it } from 'vitest';
import { applyLanguage, getLanguageState, i18n } from './index';

describe('applyLanguage', () => {
  afterAll(() => applyLanguage('en'));

  it('turns the whole interface right-to-left for Arabic and remembers the choice', async () => {
    await applyLanguage('ar');
    expect(document.documentElement.lang).toBe('ar');
    expect(document.documentElement.dir).toBe('rtl');
    expect(getLanguageState()).toMatchObject({ language: 'ar', direction: 'rtl' });
    expect(getLanguageState().antdLocale.locale).toBe('ar');
    expect(i18n.t('nav.login')).toBe('تسجيل الدخول');
    expect(localStorage.getItem('locale')).toBe('ar');
    expect(document.cookie).toContain('locale=ar');
  });

  it('goes back to left-to-right for French, and falls back to English for other languages', async () => {
    await applyLanguage('fr-CA');
    expect(getLanguageState()).toMatchObject({ language: 'fr', direction: 'ltr' });
    expect(getLanguageState().antdLocale.locale).toBe('fr');
    expect(document.documentElement.dir).toBe('ltr');
    await applyLanguage('de');
    expect(getLanguageState().language).toBe('en');
    expect(i18n.t('nav.login')).toBe('Sign in');
  });
});
