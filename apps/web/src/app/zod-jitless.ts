// zod compiles a fast object parser with `new Function` once it has probed that eval works. The
// portal's CSP refuses eval (apps/server/src/http/security-headers.ts), so in the browser the probe
// only ever failed, and each failure is a CSP violation that Lighthouse's best practices count
// (docs/adr/0086-public-pages-audit.md). Without the JIT zod never probes. First among main.tsx's
// imports, before any module could parse.
// zod keeps its configuration on this global, shared by every copy of zod on the page, and takes
// an object already there. Set here without importing zod: even zod's core costs the first load
// 3.7 KB gzip (docs/adr/0137-the-shell-in-one-chunk.md). zod-jitless.test.ts checks zod reads it.
export const ZOD_CONFIG = { jitless: true };

const zodGlobal = globalThis as { __zod_globalConfig?: object };
zodGlobal.__zod_globalConfig = Object.assign(zodGlobal.__zod_globalConfig ?? {}, ZOD_CONFIG);
