import { afterEach, describe, expect, it, vi } from 'vitest';
import { startLanguage } from '.';

const clearCookie = () => (document.cookie = 'locale=; path=/; max-age=0');

describe('the language a visit starts in', () => {
  afterEach(() => {
    clearCookie();
    localStorage.clear();
  });

  it("is the cookie's, before local storage and the browser", () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['fr-FR']);
    localStorage.setItem('locale', 'en');
    document.cookie = 'locale=ar; path=/';
    expect(startLanguage()).toBe('ar');
  });

  it("is local storage's without a cookie", () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['fr-FR']);
    localStorage.setItem('locale', 'ar');
    expect(startLanguage()).toBe('ar');
  });

  it("is the browser's first language the portal speaks, else English", () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['sw-KE', 'fr-CA', 'ar']);
    expect(startLanguage()).toBe('fr');
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['sw-KE', 'pt-BR']);
    expect(startLanguage()).toBe('en');
  });
});
