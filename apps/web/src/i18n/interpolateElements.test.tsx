import { render } from '@testing-library/react';
import { expect, it } from 'vitest';
import { initI18n } from './i18n';
import { interpolateElements } from './interpolateElements';

it('puts elements where the sentence has their placeholders, in the sentence’s word order', () => {
  const { t } = initI18n('en');
  const { container } = render(
    <p>
      {interpolateElements(t, 'home.helpText', {
        instruction: <a href="/guide.pdf">guide</a>,
        helpdesk: <a href="mailto:help@example.org">desk</a>,
      })}
    </p>,
  );
  expect(container.innerHTML).toBe(
    '<p>Need help? Read the <a href="/guide.pdf">guide</a> or contact the <a href="mailto:help@example.org">desk</a>.</p>',
  );
});
