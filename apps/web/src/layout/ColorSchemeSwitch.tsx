import { UnstyledButton, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * Dark mode on or off (ADR 0047). Until someone presses it the scheme follows the system setting;
 * a press stores the choice (Mantine's colour scheme manager, localStorage), so it stays after a
 * reload. A toggle button: Enter and Space press it, aria-pressed says whether dark mode is on.
 */
export const ColorSchemeSwitch = () => {
  const { t } = useTranslation();
  const { setColorScheme } = useMantineColorScheme();
  const dark = useComputedColorScheme('light', { getInitialValueInEffect: false }) === 'dark';
  return (
    <UnstyledButton
      className="language-button color-scheme-button"
      aria-pressed={dark}
      aria-label={t('appearance.darkMode')}
      title={t('appearance.darkMode')}
      onClick={() => setColorScheme(dark ? 'light' : 'dark')}
    >
      <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
        <path fill="currentColor" d="M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8z" />
      </svg>
    </UnstyledButton>
  );
};
