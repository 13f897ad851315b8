import { describe, expect, it } from 'vitest';
import { requestLanguage } from './request-language.js';

describe('requestLanguage', () => {
  it("reads the web app's language cookie first, then i18next's", () => {
    expect(requestLanguage({ cookie: 'theme=dark; locale=ar', 'accept-language': 'fr' })).toBe('ar');
    expect(requestLanguage({ cookie: 'i18next=fr-FR', 'accept-language': 'ar' })).toBe('fr');
    expect(requestLanguage({ cookie: 'locale=de; i18next=fr', 'accept-language': 'ar' })).toBe('fr');
  });

  it('else takes the preferred interface language of Accept-Language', () => {
    expect(requestLanguage({ 'accept-language': 'de-DE,de;q=0.9,fr;q=0.8,en;q=0.7' })).toBe('fr');
    expect(requestLanguage({ 'accept-language': 'en;q=0.5, ar-EG' })).toBe('ar');
    expect(requestLanguage({ 'accept-language': 'fr;q=0, en' })).toBe('en');
  });

  it('falls back to English', () => {
    expect(requestLanguage({})).toBe('en');
    expect(requestLanguage({ cookie: 'locale=%E0%A4%A', 'accept-language': 'zh-CN' })).toBe('en');
  });
});
