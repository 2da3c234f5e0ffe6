// The entry of the server's bundle, built to dist/bundle/main.js beside the server itself
// (dist/bundle/server.cjs, scripts/bundle-server.mjs): the path npm start, the container and the
// tests run. The server is CommonJS, which an ES module loads with `require`
// (docs/adr/0075-no-v8-internals-tuning.md).
import { createRequire } from 'node:module';

createRequire(import.meta.url)('./server.cjs');
