// zod compiles a fast object parser with `new Function` once it has probed that eval works. The
// portal's CSP refuses eval (apps/server/src/http/security-headers.ts), so in the browser the probe
// only ever failed, and each failure is a CSP violation that Lighthouse's best practices count
// (docs/adr/0086-public-pages-audit.md). Without the JIT zod never probes. First among main.tsx's
// imports, before any module could parse.
// The core's config alone: `z` would bring all of zod's classic API into the first load.
import { config } from 'zod/v4/core';

config({ jitless: true });
