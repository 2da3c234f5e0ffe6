import { afterEach, describe, expect, it, vi } from 'vitest';
import { focusById } from './focusFirstError';

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
