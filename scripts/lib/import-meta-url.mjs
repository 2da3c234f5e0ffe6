// Injected into the server's CommonJS bundle (scripts/bundle-server.mjs) as what its modules'
// `import.meta.url` was: the address of the bundle's file.
import { pathToFileURL } from 'node:url';

export const importMetaUrl = pathToFileURL(__filename).href;
