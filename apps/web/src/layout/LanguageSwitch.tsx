import { Group, UnstyledButton } from '@mantine/core';
import { LANGUAGES, type Language, type MessageKey } from '@nubes/domain';
import { useTranslation } from 'react-i18next';
import { changeLanguage } from '../i18n/i18n';

const LABEL_KEYS: Record<Language, MessageKey> = { en: 'nav.english', de: 'nav.german' };

/**
 * EN/DE toggle; the choice is kept in localStorage 'lang' and sets <html lang>. Plain buttons
 * styled like Mantine's compact ones (app.css): Button would bring its loading transition into
 * the shell of every page (ADR 0025).
 */
export const LanguageSwitch = () => {
  const { t, i18n } = useTranslation();
  return (
    <Group gap={4} wrap="nowrap" role="group" aria-label={t('nav.language')}>
      {LANGUAGES.map((language) => {
        // The chosen language, not resolvedLanguage (English while a catalogue is still missing).
        const active = i18n.language === language;
        return (
          <UnstyledButton
            key={language}
            className="language-button"
            aria-pressed={active}
            lang={language}
            title={t(LABEL_KEYS[language])}
            onClick={() => void changeLanguage(language)}
          >
            {language.toUpperCase()}
          </UnstyledButton>
        );
      })}
    </Group>
  );
};
