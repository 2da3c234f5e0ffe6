import { expect } from '@playwright/test';
import { baseURL } from './playwright.config.js';

/**
 * The portal's development clock (apps/server/src/dev-idp/clock-routes.ts): only timed work reads
 * it. A walk that moves it runs under tests/last and resets it in a finally.
 */
const clock = async (method: 'PUT' | 'DELETE', body?: object) => {
  const response = await fetch(`${baseURL}/dev-clock`, {
    method,
    headers: body ? { 'Content-Type': 'application/json' } : {},
    body: body ? JSON.stringify(body) : undefined,
  });
  expect(response.status, `${method} /dev-clock`).toBe(200);
};

/** From now on the portal's clock reads `at` (an ISO moment) and goes on from there. */
export const movePortalClock = (at: string) => clock('PUT', { at });

/** The portal's clock back to the real time. */
export const resetPortalClock = () => clock('DELETE');
