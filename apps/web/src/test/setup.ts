import '@testing-library/jest-dom/vitest';
import { notifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { XhrOverFetch } from './xhrOverFetch';
import { stubMatchMedia } from './matchMedia';

// Screens load lazily; on two busy cores (the whole suite at once, or beside other work) that can
// take several seconds. Waiting longer changes nothing about what the tests assert, so every test
// file uses this one generous wait rather than a shorter one of its own.
configure({ asyncUtilTimeout: 15_000 });

// Mantine reads media queries and observes element sizes; jsdom has neither.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  configurable: true,
  value: stubMatchMedia(),
});

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub as unknown as typeof ResizeObserver;

// Mantine's autosizing textarea listens to font loading, which jsdom lacks.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { addEventListener: () => undefined, removeEventListener: () => undefined },
  });
}

// CodeMirror (the JSON editor) measures text ranges; jsdom has no layout, so every range is empty.
const emptyRect = { x: 0, y: 0, width: 0, height: 0, top: 0, left: 0, right: 0, bottom: 0, toJSON: () => ({}) };
if (typeof Range.prototype.getClientRects !== 'function') {
  Range.prototype.getClientRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
  Range.prototype.getBoundingClientRect = () => emptyRect as DOMRect;
}

// Mantine scrolls menu items into view; jsdom does not implement it.
Element.prototype.scrollIntoView = vi.fn();

afterEach(() => {
  cleanup();
  // The notifications store is module-wide; one test's messages must not show up in the next.
  notifications.clean();
  window.localStorage.clear();
  window.sessionStorage.clear();
});

// No server in unit tests: GET /api/config and friends answer 404 unless a test stubs fetch itself;
// uploads with progress (XMLHttpRequest) go through that same fetch.
beforeEach(() => {
  // Again before each test: a message that a test's late answer showed after its cleanup (the web
  // tests share one module graph per worker, vitest.config.ts) must not meet the next file's test.
  notifications.clean();
  vi.stubGlobal('XMLHttpRequest', XhrOverFetch);
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify({ error: 'not_found', message: 'Not found.' }), {
          status: 404,
          headers: { 'Content-Type': 'application/json' },
        }),
    ),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});
