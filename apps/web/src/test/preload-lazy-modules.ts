// For the web tests that share one module graph per worker (vitest.config.ts), after setup.ts.
// A screen or part loaded lazily (React.lazy, a catalogue part) that is still loading when its
// file ends is cut off with that file's environment, and the module stays broken for every file
// after it. Loading all of them before the first test leaves no import in flight; later files find
// them loaded. Not for files that replace a module (vi.mock): it would load the real one first.
await Promise.all(
  [
    ...Object.values(import.meta.glob(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}', '!../test/**', '!../main.tsx'])),
    () => import('@nubes/domain/i18n/en'),
    () => import('@nubes/domain/i18n/de'),
    () => import('@nubes/domain/i18n/de-shell'),
  ].map((load) => load()),
);

export {};
