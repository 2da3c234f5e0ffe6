import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { expect, vi } from 'vitest';
import { apiError } from './fakeApi';
import { currentLocation, fakeAuthApi, PEOPLE, statusFor } from './renderApp';

/** The login calls of the admin, who logs in again after the server ended the session. */
export const adminAuthApi = () =>
  fakeAuthApi({
    postLogin: vi.fn(() => Promise.resolve()),
    fetchStatus: vi.fn(() => Promise.resolve(statusFor(PEOPLE.admin!, Date.now()))),
  });

/** What the server answers any call of a session it has ended. */
export const sessionEnded = () => apiError(401, 'unauthorized', 'Please log in.');

/**
 * On the login page that the ended session led to: the admin logs in again through the direct
 * login and is sent back where the session ended.
 */
export const logInAgain = async (back: string) => {
  const heading = await screen.findByRole('heading', { name: 'Direct login for administrators' });
  const form = heading.closest('section')!;
  expect(currentLocation()).toBe(`/login?redirect=${encodeURIComponent(back)}`);
  fireEvent.change(within(form).getByLabelText(/Username/), { target: { value: 'admin' } });
  fireEvent.change(within(form).getByLabelText(/Password/), { target: { value: 'admin' } });
  fireEvent.click(within(form).getByRole('button', { name: 'Log in' }));
  await waitFor(() => expect(currentLocation()).toBe(back));
};
