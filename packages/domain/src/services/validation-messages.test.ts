import { expect, it } from 'vitest';
import { translate } from '../i18n/index.js';
import { VALIDATION_STEPS } from './field-types.js';
import { TRANSITIONS, VALIDATION_FAILURE_MESSAGES, type ValidationStep } from './workflow.js';

it('gives every gated step of the workflow table a failure message in both languages', () => {
  const gated = new Set(TRANSITIONS.flatMap((rule) => (rule.validation ? [rule.validation] : [])));
  // The field steps, and the retirement step that checks the plan.
  const steps: ValidationStep[] = [...VALIDATION_STEPS, 'retirement'];
  expect([...gated].sort()).toEqual([...steps].sort());
  for (const step of steps) {
    const key = VALIDATION_FAILURE_MESSAGES[step];
    expect(translate('en', key), step).not.toBe(key);
    expect(translate('de', key), step).not.toBe(key);
  }
});
