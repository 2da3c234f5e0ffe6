import { vi } from 'vitest';

/** window.matchMedia as jsdom lacks it: a query matches when `matches(query)` says so. */
export const stubMatchMedia = (matches: (query: string) => boolean = () => false) =>
  vi.fn().mockImplementation((query: string) => ({
    matches: matches(query),
    media: query,
    onchange: null,
    addListener: vi.fn(),
    removeListener: vi.fn(),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    dispatchEvent: vi.fn(),
  }));

/** A phone's screen: the phone breakpoint's query matches (components/usePhone.ts), no other. */
export const phoneScreen = () => stubMatchMedia((query) => query.includes('max-width: 47.99em'));
