// `npm run build`: every build step whose inputs changed since its last successful build
// (scripts/lib/build-steps.mjs). `--force` (or BUILD_FORCE=1) builds every step whatever the
// stamps say.
import { buildWhatChanged } from './lib/build-steps.mjs';

await buildWhatChanged({ force: process.argv.includes('--force') || process.env.BUILD_FORCE === '1' });
