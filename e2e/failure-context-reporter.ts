import { existsSync, readFileSync } from 'node:fs';
import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/** At most this many lines of one notification or dialog. */
const MAX_LINES_PER_PART = 12;

/**
 * The notifications and dialogs in a page snapshot (Playwright's ARIA snapshot, YAML lines indented
 * by two spaces per level): each `alert`, `alertdialog` or `dialog` line with the lines nested under it.
 */
export const messagesOf = (snapshot: string): string[][] => {
  const lines = snapshot.split('\n');
  const parts: string[][] = [];
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index]!;
    if (!/^\s*- (alert|alertdialog|dialog)\b/.test(line)) continue;
    const indent = line.length - line.trimStart().length;
    const part = [line.slice(indent)];
    for (let next = index + 1; next < lines.length; next += 1) {
      const child = lines[next]!;
      if (child.trim() === '' || child.length - child.trimStart().length <= indent) break;
      part.push(child.slice(indent));
      index = next;
    }
    parts.push(
      part.length > MAX_LINES_PER_PART
        ? [...part.slice(0, MAX_LINES_PER_PART), `  … ${part.length - MAX_LINES_PER_PART} more lines`]
        : part,
    );
  }
  return parts;
};

/**
 * After the run, for each failed test: the notifications and dialogs its page showed when it
 * failed, read from the page snapshot Playwright keeps beside the failure (`error-context.md`).
 * The CI log shows the end of the output; this puts what the person would have read there, since
 * the screenshot and the snapshot stay on the CI machine (docs/adr/0005-testing.md).
 */
export default class FailureContextReporter implements Reporter {
  private readonly failures: { title: string; file: string }[] = [];

  onTestEnd(test: TestCase, result: TestResult): void {
    if (result.status === test.expectedStatus) return;
    const context = result.attachments.find((attachment) => attachment.name === 'error-context');
    if (context?.path) this.failures.push({ title: test.titlePath().slice(1).join(' › '), file: context.path });
  }

  onEnd(_result: FullResult): void {
    for (const { title, file } of this.failures) {
      if (!existsSync(file)) continue;
      const parts = messagesOf(readFileSync(file, 'utf8'));
      console.log(`\nWhat the page showed when "${title}" failed:`);
      if (parts.length === 0) console.log('  no notification and no dialog');
      for (const part of parts) console.log(part.map((line) => `  ${line}`).join('\n'));
    }
  }

  printsToStdio(): boolean {
    return true;
  }
}
