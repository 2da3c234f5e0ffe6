import { describe, expect, it } from 'vitest';
import { messagesOf } from './failure-context-reporter.js';

const snapshot = `# Error details

\`\`\`yaml
- banner:
  - button "Dark mode"
- main:
  - heading "Service Review List" [level=1]
  - dialog "Start reviews?":
    - heading "Start reviews?" [level=2]
    - paragraph: A review starts for 12 services.
    - button "Yes, continue"
  - table:
    - row "HPC Batch Computing"
- region "Notifications":
  - alert:
    - text: Something went wrong The list changed meanwhile.
    - button "Close":
      - img
  - alert: review started
\`\`\`
`;

describe('messagesOf', () => {
  it('keeps each notification and dialog with what is nested under it, and nothing else', () => {
    expect(messagesOf(snapshot)).toEqual([
      [
        '- dialog "Start reviews?":',
        '  - heading "Start reviews?" [level=2]',
        '  - paragraph: A review starts for 12 services.',
        '  - button "Yes, continue"',
      ],
      ['- alert:', '  - text: Something went wrong The list changed meanwhile.', '  - button "Close":', '    - img'],
      ['- alert: review started'],
    ]);
  });

  it('finds none on a page without them', () => {
    expect(messagesOf('- main:\n  - heading "Welcome" [level=1]\n')).toEqual([]);
  });

  it('cuts a long one and says how much it left out', () => {
    const long = ['- dialog "Long":', ...Array.from({ length: 20 }, (_, index) => `  - paragraph: line ${index}`)];
    const [part] = messagesOf(long.join('\n'));
    expect(part).toHaveLength(13);
    expect(part!.at(-1)).toBe('  … 9 more lines');
  });
});
