import { lazy, type ReactNode } from 'react';
import { loadScreenMessages } from './i18n';

/**
 * A logged-in screen: its words are in the catalogues' screens part, which loads with the first
 * such screen (ADR 0026). Suspends until then, like a lazy page (it is one, without a chunk of its
 * own), and renders its children at once afterwards.
 */
export const ScreenMessages = lazy(() =>
  loadScreenMessages().then(() => ({ default: ({ children }: { children: ReactNode }) => children })),
);
