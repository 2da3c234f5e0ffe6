import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, en, LANGUAGES, type Language, type Messages } from '@nubes/domain';

/** The user's choice survives reloads; nothing else (no browser-language guessing: English is the default). */
export const LANGUAGE_STORAGE_KEY = 'lang';

const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);

const storedLanguage = (): Language => {
  try {
    const value = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(value) ? value : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
};

/**
 * The language the UI shows; sent as Accept-Language so server messages match it. Read from
 * i18next's language (the user's choice), not from resolvedLanguage, which falls back to English
 * while a catalogue is missing (ADR 20).
 */
export const currentLanguage = (): Language => (isLanguage(i18next.language) ? i18next.language : DEFAULT_LANGUAGE);

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

/** The catalogue of a language that is not bundled; undefined for English (always there). */
const loadCatalogue = async (language: Language): Promise<Messages | undefined> => CATALOGUES[language]?.();

/** Makes sure the language's catalogue is in i18next before it is shown. */
const loadLanguage = async (language: Language): Promise<void> => {
  if (i18next.hasResourceBundle(language, 'translation')) return;
  const messages = await loadCatalogue(language);
  if (messages) i18next.addResourceBundle(language, 'translation', messages, true, true);
};

/**
 * One i18next instance over the domain's catalogues, so server and web speak with the same words.
 * Initialisation is synchronous (initAsync: false) over the catalogues given: English always, and
 * the language's own catalogue when it is another one, so the first render and the first request
 * are already in that language (ADR 20).
 */
export const initI18n = (language: Language = storedLanguage(), messages?: Messages) => {
  if (!i18next.isInitialized) {
    void i18next.use(initReactI18next).init({
      resources: {
        [DEFAULT_LANGUAGE]: { translation: en },
        ...(messages && language !== DEFAULT_LANGUAGE ? { [language]: { translation: messages } } : {}),
      },
      partialBundledLanguages: true,
      lng: language,
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: [...LANGUAGES],
      interpolation: { escapeValue: false },
      returnNull: false,
      initAsync: false,
    });
    i18next.on('languageChanged', applyLanguage);
  } else {
    if (messages) i18next.addResourceBundle(language, 'translation', messages, true, true);
    if (i18next.language !== language) void i18next.changeLanguage(language);
  }
  applyLanguage(language);
  return i18next;
};

/**
 * Before the first render: the stored language with its catalogue. A catalogue that fails to load
 * (offline, a deployment in between) leaves the page in English rather than blank.
 */
export const startI18n = async (): Promise<Language> => {
  const wanted = storedLanguage();
  const messages = await loadCatalogue(wanted).catch(() => undefined);
  const language = wanted === DEFAULT_LANGUAGE || messages ? wanted : DEFAULT_LANGUAGE;
  initI18n(language, messages);
  return language;
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
