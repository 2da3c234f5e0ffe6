import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language, type Messages, type ShellMessages } from '@nubes/domain';
import { enShell } from '@nubes/domain/i18n/en-shell';

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
 * Each catalogue comes in two parts (ADR 0026), each import below its own chunk. The shell part
 * (header, footer, public screens) of English is bundled, so the public pages' first visit carries
 * nothing more; another language's shell part loads before the first render (ADR 20). The screens
 * part (every logged-in screen) loads with the first logged-in screen: English, the fallback, and
 * the shown language's. A whole catalogue (en.ts, de.ts) holds its shell part by import, so
 * loading it fetches only its screens part.
 */
const PARTS: Record<'shell' | 'screens', Record<Language, () => Promise<ShellMessages | Messages>>> = {
  shell: {
    en: () => Promise.resolve(enShell),
    de: () => import('@nubes/domain/i18n/de-shell').then((module) => module.deShell),
  },
  screens: {
    en: () => import('@nubes/domain/i18n/en').then((module) => module.en),
    de: () => import('@nubes/domain/i18n/de').then((module) => module.de),
  },
};

const loadPart = async (part: keyof typeof PARTS, language: Language): Promise<void> => {
  const messages = await PARTS[part][language]();
  i18next.addResourceBundle(language, 'translation', messages, true, true);
};

/** Set by the first logged-in screen; from then on a language switch loads the screens part too. */
let screensPart: Promise<void> | undefined;

/**
 * The screens part of English and of the shown language, loaded once (ADR 0026). Always the same
 * promise, so a screen can suspend on it with React's `use` and never again after it resolved. A
 * part that fails to load (offline, a deployment in between) leaves the English text or the key
 * on screen rather than a blank page.
 */
export const loadScreenMessages = (): Promise<void> => {
  const language = currentLanguage();
  screensPart ??= Promise.all([
    loadPart('screens', DEFAULT_LANGUAGE),
    language === DEFAULT_LANGUAGE ? undefined : loadPart('screens', language),
  ]).then(
    () => undefined,
    () => undefined,
  );
  return screensPart;
};

/** Makes sure the parts of the language's catalogue that are in use are in i18next before it is shown. */
const loadLanguage = async (language: Language): Promise<void> => {
  await Promise.all([loadPart('shell', language), screensPart && loadPart('screens', language)]);
};

/**
 * One i18next instance over the domain's catalogues, so server and web speak with the same words.
 * Initialisation is synchronous (initAsync: false) over the shell parts given: English always, and
 * the language's own when it is another one, so the first render and the first request are
 * already in that language (ADR 20). Logged-in screens add the screens part (loadScreenMessages).
 */
export const initI18n = (language: Language = storedLanguage(), messages?: ShellMessages) => {
  if (!i18next.isInitialized) {
    void i18next.use(initReactI18next).init({
      resources: {
        [DEFAULT_LANGUAGE]: { translation: enShell },
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
 * Before the first render: the stored language with its shell part. A part that fails to load
 * (offline, a deployment in between) leaves the page in English rather than blank.
 */
export const startI18n = async (): Promise<Language> => {
  const wanted = storedLanguage();
  const messages = wanted === DEFAULT_LANGUAGE ? undefined : await PARTS.shell[wanted]().catch(() => undefined);
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
