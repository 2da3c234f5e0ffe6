import { lazy } from 'react';
import { loadScreenMessages } from './i18n';

/**
 * Placed beside a logged-in screen in its Suspense boundary: suspends until the catalogues' screens
 * part is loaded (ADR 0026), so the boundary shows the screen only then. A sibling, not a wrapper,
 * so the screen's own chunk is requested at the same time. A lazy component without a chunk of its
 * own: once loaded, it never suspends again. Renders nothing.
 */
export const ScreenMessages = lazy(() => loadScreenMessages().then(() => ({ default: () => null })));
