import { get, type FieldErrors, type FieldValues } from 'react-hook-form';

/** How long focusById waits for its input to appear: a tab or page that opens renders it a moment later. */
const FOCUS_WAIT_MS = 2_000;
const FOCUS_RETRY_MS = 20;

/**
 * Moves the focus to the input with this DOM id once the render that shows the messages (and, on
 * another page or tab, the input itself) is done, and scrolls it into view, so the user lands where
 * the problem is (WCAG 3.3.1). An input not there yet is waited for, up to FOCUS_WAIT_MS.
 */
export const focusById = (id: string): void => {
  const attempt = (left: number) => {
    // The page may be gone meanwhile (a test's document torn down while it waited).
    if (typeof document === 'undefined') return;
    const element = document.getElementById(id);
    if (element) {
      element.focus();
      element.scrollIntoView?.({ block: 'center' });
    } else if (left > 0) window.setTimeout(() => attempt(left - 1), FOCUS_RETRY_MS);
  };
  window.setTimeout(() => attempt(FOCUS_WAIT_MS / FOCUS_RETRY_MS), 0);
};

/** The first key with a message, in the order the form shows its inputs. */
export const firstErrorKey = (errors: Readonly<Record<string, unknown>>, order: readonly string[]): string | null =>
  order.find((key) => errors[key] !== undefined) ?? Object.keys(errors)[0] ?? null;

/**
 * handleSubmit's second argument for the forms: focuses the first invalid input by `order` (the
 * form's field names as shown, a nested one by its path such as `name.en`) and lets the form say
 * why (`onInvalid`, e.g. a notification).
 */
export const focusFirstError =
  <T extends FieldValues>(order: readonly string[], idOf: (name: string) => string, onInvalid?: () => void) =>
  (errors: FieldErrors<T>): void => {
    const first = order.find((name) => get(errors, name) !== undefined) ?? Object.keys(errors)[0] ?? null;
    if (first) focusById(idOf(first));
    onInvalid?.();
  };
