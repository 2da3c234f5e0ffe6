import type { FieldErrors, FieldValues } from 'react-hook-form';

/**
 * Moves the focus to the input with this DOM id once the render that shows the messages (and, on
 * another page, the input itself) is done, so the user lands where the problem is (WCAG 3.3.1).
 */
export const focusById = (id: string): void => {
  window.setTimeout(() => {
    const element = document.getElementById(id);
    if (element) {
      element.focus();
      element.scrollIntoView?.({ block: 'center' });
    }
  }, 0);
};

/** The first key with a message, in the order the form shows its inputs. */
export const firstErrorKey = (errors: Readonly<Record<string, unknown>>, order: readonly string[]): string | null =>
  order.find((key) => errors[key] !== undefined) ?? Object.keys(errors)[0] ?? null;

/**
 * handleSubmit's second argument for the forms: focuses the first invalid input by `order` (the
 * form's field names as shown) and lets the form say why (`onInvalid`, e.g. a notification).
 */
export const focusFirstError =
  <T extends FieldValues>(order: readonly string[], idOf: (name: string) => string, onInvalid?: () => void) =>
  (errors: FieldErrors<T>): void => {
    const first = firstErrorKey(errors as Record<string, unknown>, order);
    if (first) focusById(idOf(first));
    onInvalid?.();
  };
