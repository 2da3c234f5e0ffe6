import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { changeLanguage, currentLanguage, initI18n, loadScreenMessages } from './i18n';

// Its own file: i18next and the loaded parts are one state per module graph, and these steps build on each other.
describe('the screens part of the catalogues (ADR 0026)', () => {
  it('loads with the first logged-in screen and with every language switch after it', async () => {
    initI18n('en');
    expect(i18next.exists('serviceView.save')).toBe(false);

    // A switch before any logged-in screen brings the language's shell part only.
    await changeLanguage('de');
    expect(i18next.t('nav.login')).toBe('Anmelden');
    expect(i18next.exists('serviceView.save', { lng: 'de', fallbackLng: false })).toBe(false);

    // The first logged-in screen: English (the fallback) and the shown language.
    const loading = loadScreenMessages();
    expect(loadScreenMessages()).toBe(loading);
    await loading;
    expect(i18next.t('serviceView.save')).toBe('Speichern');
    expect(i18next.t('serviceView.save', { lng: 'en' })).toBe('Save');

    await changeLanguage('en');
    expect(currentLanguage()).toBe('en');
    expect(i18next.t('serviceView.save')).toBe('Save');
    await changeLanguage('de');
    expect(i18next.t('serviceView.save')).toBe('Speichern');
    expect(document.documentElement.lang).toBe('de');
  });
});
