// `npm start`: brings the build up to date (scripts/lib/build-steps.mjs), then runs the server's
// bundle in this same process: one node start instead of two before the portal listens
// (docs/adr/0058-server-bundle-and-start-time.md). glibc's malloc settings come from package.json's
// `start`, before node starts: glibc reads them at the first malloc, before any script runs
// (docs/adr/0129-server-memory-on-postgresql.md). So does node's flag for the old generation, on
// node's command line: the build steps above run in child processes, which would inherit it from
// NODE_OPTIONS (docs/adr/0133-old-generation-size.md).
import { buildWhatChanged } from './lib/build-steps.mjs';

await buildWhatChanged();
await import('../apps/server/dist/bundle/main.js');
