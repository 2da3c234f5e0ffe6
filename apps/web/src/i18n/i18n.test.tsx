import { render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { LanguageSwitch } from '../layout/LanguageSwitch';
import { currentLanguage, LANGUAGE_STORAGE_KEY, loadScreenMessages, startI18n } from './i18n';

// Its own file: i18next is one instance per module graph, and this test starts it the way main.tsx does.
describe('the stored language before the first render', () => {
  it('loads German, sets it as i18next language, sends it and shows DE pressed', async () => {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'de');
    expect(await startI18n()).toBe('de');

    expect(i18next.language).toBe('de');
    expect(i18next.resolvedLanguage).toBe('de');
    expect(currentLanguage()).toBe('de');
    expect(i18next.t('nav.login')).toBe('Anmelden');
    expect(document.documentElement.lang).toBe('de');

    render(
      <MantineProvider>
        <LanguageSwitch />
      </MantineProvider>,
    );
    expect(screen.getByRole('button', { name: 'DE' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'EN' })).toHaveAttribute('aria-pressed', 'false');

    // Only the shell part so far; a logged-in screen adds the screens part in German (ADR 0026).
    expect(i18next.exists('serviceView.save')).toBe(false);
    await loadScreenMessages();
    expect(i18next.t('serviceView.save')).toBe('Speichern');
  });
});
