/**
 * `node --import tsx --allow-natives-syntax --expose-gc tick-feedback-process.ts [pin]`: queues a
 * thousand ticks (enough for V8 to learn their shape, too few to optimize `nextTick`), runs a full
 * collection while none is queued, queues a thousand more, then prints V8's feedback for
 * `process.nextTick` (operations/pinned-tick-object.test.ts reads it).
 */
import { pinTickObjectShape } from '../operations/pinned-tick-object.js';

const ticks = (count: number) =>
  new Promise<void>((resolve) => {
    let done = 0;
    const step = () => (++done < count ? process.nextTick(step) : resolve());
    process.nextTick(step);
  });

if (process.argv[2] === 'pin') await pinTickObjectShape();
await ticks(1_000);
(globalThis as { gc?: () => void }).gc?.();
await ticks(1_000);
// V8's own syntax for its test functions, which TypeScript cannot parse: hence a Function.
new Function('f', '%DebugPrint(f)')(process.nextTick);
