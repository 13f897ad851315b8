import { describe, expect, it } from 'vitest';
import i18n from 'i18next';
import en from '../../i18n/en.json';
import fr from '../../i18n/fr.json';
import ar from '../../i18n/ar.json';
import { locationText } from './location';

describe('the audit log location in words', () => {
  it('says "local network" in the reader language and names countries from their code', async () => {
    const i = i18n.createInstance();
    await i.init({
      lng: 'en',
      resources: { en: { translation: en }, fr: { translation: fr }, ar: { translation: ar } },
    });
    expect(locationText('local', 'en', i.t)).toBe('Local network');
    expect(locationText('KE', 'en', i.t)).toBe('Kenya');
    await i.changeLanguage('fr');
    expect(locationText('local', 'fr', i.t)).toBe('Réseau local');
    expect(locationText('SN', 'fr', i.t)).toBe('Sénégal');
    await i.changeLanguage('ar');
    expect(locationText('local', 'ar', i.t)).toBe('الشبكة المحلية');
    expect(locationText(null, 'en', i.t)).toBeNull();
  });
});
