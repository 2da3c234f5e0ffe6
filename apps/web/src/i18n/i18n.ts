import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, en, LANGUAGES, type Language, type Messages } from '@nubes/domain';

/** The user's choice survives reloads; nothing else (no browser-language guessing: English is the default). */
export const LANGUAGE_STORAGE_KEY = 'lang';

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);

export const storedLanguage = (): Language => {
  try {
    const value = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(value) ? value : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
};

/** The language currently shown; sent as Accept-Language so server messages match the UI. */
export const currentLanguage = (): Language =>
  isLanguage(i18next.resolvedLanguage) ? i18next.resolvedLanguage : DEFAULT_LANGUAGE;

const applyLanguage = (language: string): void => {
  document.documentElement.lang = language;
};

/**
 * Catalogues other than English load on demand: every visitor pays for the default and fallback
 * language only, which keeps the public pages' initial JavaScript small (ADR 6).
 */
const CATALOGUES: Partial<Record<Language, () => Promise<Messages>>> = {
  de: () => import('@nubes/domain/i18n/de').then((module) => module.de),
};

/** Makes sure the language's catalogue is in i18next before it is shown. */
export const loadLanguage = async (language: Language): Promise<void> => {
  const load = CATALOGUES[language];
  if (!load || i18next.hasResourceBundle(language, 'translation')) return;
  const messages = await load();
  i18next.addResourceBundle(language, 'translation', messages, true, true);
};

/**
 * One i18next instance over the domain's catalogues, so server and web speak with the same words.
 * English is bundled and initialisation is synchronous (initAsync: false), so the first render is
 * already translated; main.tsx loads another stored language before the first render.
 */
export const initI18n = (language: Language = storedLanguage()) => {
  if (!i18next.isInitialized) {
    void i18next.use(initReactI18next).init({
      resources: { [DEFAULT_LANGUAGE]: { translation: en } },
      partialBundledLanguages: true,
      lng: language,
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: [...LANGUAGES],
      interpolation: { escapeValue: false },
      returnNull: false,
      initAsync: false,
    });
    i18next.on('languageChanged', applyLanguage);
  } else if (i18next.language !== language) {
    void i18next.changeLanguage(language);
  }
  applyLanguage(language);
  return i18next;
};

export const changeLanguage = async (language: Language): Promise<void> => {
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Private mode without storage: the choice then lasts for this page only.
  }
  await loadLanguage(language);
  await i18next.changeLanguage(language);
};
