import { afterEach, describe, expect, it, vi } from 'vitest';
import { focusById, focusFirstError } from './focusFirstError';

describe('focusById', () => {
  afterEach(() => {
    vi.useRealTimers();
    document.body.innerHTML = '';
  });

  it('waits for an input that a tab opening renders a moment later, then focuses it', () => {
    vi.useFakeTimers();
    focusById('late-field');
    vi.advanceTimersByTime(200);
    const input = document.createElement('input');
    input.id = 'late-field';
    document.body.append(input);
    expect(document.activeElement).not.toBe(input);
    vi.advanceTimersByTime(50);
    expect(document.activeElement).toBe(input);
  });

  it('gives up on an input that never appears', () => {
    vi.useFakeTimers();
    focusById('never');
    vi.advanceTimersByTime(5_000);
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('focusFirstError', () => {
  afterEach(() => {
    vi.useRealTimers();
    document.body.innerHTML = '';
  });

  const inputs = (...ids: string[]) =>
    ids.map((id) => {
      const input = document.createElement('input');
      input.id = id;
      document.body.append(input);
      return input;
    });

  it('finds a nested field by its path in the form’s order, not the first key react-hook-form lists', () => {
    vi.useFakeTimers();
    const [, optionLabel] = inputs('options', 'options-1-label-de', 'factor');
    focusFirstError(['factor', 'options.0.label.en', 'options.1.label.de'], (name) => name.replaceAll('.', '-'))({
      options: [undefined, { label: { de: { type: 'too_small', message: 'x' } } }],
    } as never);
    vi.advanceTimersByTime(50);
    expect(document.activeElement).toBe(optionLabel);
  });
});
