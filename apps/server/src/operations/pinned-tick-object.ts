import { executionAsyncResource } from 'node:async_hooks';

let pinned: object | undefined;

/**
 * Keeps one of Node's `process.nextTick` queue entries alive for the life of the process, so that
 * the object shape V8 has learnt for them can never be collected. Node 20 builds each entry as a
 * literal with two computed symbol keys; V8 remembers the shapes it learnt at those keys only weakly,
 * and when a full collection frees it before V8 has optimized `nextTick` (the first start creating
 * a PGlite database does exactly that), V8 re-learns a new shape, marks that step megamorphic for
 * good and from then on runs it in its runtime. Every request queues several ticks, so this cost
 * the health route about a tenth of its CPU (bench/README.md, "a shape V8 forgets";
 * docs/adr/0061-pinned-tick-object.md). Inside a tick's callback the current async resource is
 * that tick's entry; holding it holds its shape and every shape it was built from.
 */
export const pinTickObjectShape = (): Promise<void> =>
  new Promise((resolve) => {
    process.nextTick(() => {
      pinned ??= executionAsyncResource();
      resolve();
    });
  });
