import type { TFunction } from 'i18next';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './client';
import { reportWriteError, writeErrorOutcome } from './writes';

const notifyError = vi.hoisted(() => vi.fn());
vi.mock('./notify', () => ({ notifyError, notifyInfo: vi.fn(), notifySuccess: vi.fn() }));

const t = ((key: string) => key) as unknown as TFunction;

describe('writeErrorOutcome: decided by the error code, not the status', () => {
  it('leaves an ended session to the shell', () => {
    expect(writeErrorOutcome(new ApiError(401, 'unauthorized', 'Login needed'))).toEqual({ kind: 'silent' });
  });

  it('reads the code even when the status says something else', () => {
    // A proxy answering 200-range statuses can't happen, but a code is what the contract promises.
    expect(writeErrorOutcome(new ApiError(400, 'conflict', 'Changed meanwhile'))).toMatchObject({ conflict: true });
    expect(writeErrorOutcome(new ApiError(409, 'forbidden', 'No'))).toMatchObject({ conflict: false });
  });

  it('hands field messages of invalid_input to the form', () => {
    expect(writeErrorOutcome(new ApiError(400, 'invalid_input', 'Bad', { website: 'Invalid url' }))).toEqual({
      kind: 'message',
      message: 'Bad',
      conflict: false,
      fields: { website: 'Invalid url' },
    });
    expect(writeErrorOutcome(new ApiError(400, 'invalid_input', 'Bad', {}))).toMatchObject({ fields: null });
  });

  it('shows the message of forbidden, not_found and codes it does not know', () => {
    for (const code of ['forbidden', 'not_found', 'payload_too_large', 'something_new'] as const) {
      expect(writeErrorOutcome(new ApiError(403, code as 'forbidden', 'Text'))).toMatchObject({
        kind: 'message',
        message: 'Text',
      });
    }
  });

  it('takes server failures, network failures and plain exceptions as unexpected', () => {
    expect(writeErrorOutcome(new ApiError(500, 'internal_error', 'Boom'))).toEqual({ kind: 'unexpected' });
    expect(writeErrorOutcome(new ApiError(0, 'network_error', 'offline'))).toEqual({ kind: 'unexpected' });
    expect(writeErrorOutcome(new TypeError('x'))).toEqual({ kind: 'unexpected' });
  });
});

describe('reportWriteError', () => {
  beforeEach(() => notifyError.mockReset());

  it('says the screen’s own conflict message when it has one, and the server’s other messages', () => {
    const conflictMessage = 'The form now shows the current roles.';
    reportWriteError(new ApiError(409, 'conflict', 'Changed meanwhile'), 'Save', t, { conflictMessage });
    expect(notifyError).toHaveBeenLastCalledWith('Save', conflictMessage);
    reportWriteError(new ApiError(403, 'forbidden', 'Not yours'), 'Save', t, { conflictMessage });
    expect(notifyError).toHaveBeenLastCalledWith('Save', 'Not yours');
  });

  it('shows the message under the title, then reloads on a conflict', () => {
    const onConflict = vi.fn();
    const onFields = vi.fn();
    reportWriteError(new ApiError(409, 'conflict', 'Changed meanwhile'), 'Cannot save Service', t, {
      onConflict,
      onFields,
    });
    expect(notifyError).toHaveBeenCalledWith('Cannot save Service', 'Changed meanwhile');
    expect(onConflict).toHaveBeenCalledOnce();
    expect(onFields).not.toHaveBeenCalled();
  });

  it('passes the fields on', () => {
    const onFields = vi.fn();
    reportWriteError(new ApiError(400, 'invalid_input', 'Bad', { text: 'Too long' }), 'Title', t, { onFields });
    expect(onFields).toHaveBeenCalledWith({ text: 'Too long' });
  });

  it('says nothing for an ended session and "try again" for a server failure', () => {
    reportWriteError(new ApiError(401, 'unauthorized', 'Login'), 'Title', t);
    expect(notifyError).not.toHaveBeenCalled();
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    reportWriteError(new ApiError(503, 'unavailable', 'Down'), 'Title', t);
    expect(notifyError).toHaveBeenCalledWith('notifications.somethingWentWrong', 'notifications.tryAgain');
    log.mockRestore();
  });
});
