import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client.js';

/**
 * Creating a PGlite database costs seconds and a gigabyte; it is done once here with the real
 * migrations, and each test file opens a copy of the directory.
 */
export default async function setup(project: TestProject) {
  const root = mkdtempSync(path.join(tmpdir(), 'nubes-pglite-'));
  const template = path.join(root, 'template');
  const database = await openDatabase({ dataDir: template });
  await database.close();
  const dump = await PGlite.create(template);
  const dumpFile = path.join(root, 'template.tar');
  writeFileSync(dumpFile, Buffer.from(await (await dump.dumpDataDir('none')).arrayBuffer()));
  await dump.close();
  project.provide('pgliteTemplate', template);
  project.provide('pgliteTemplateDump', dumpFile);
  return () => rmSync(root, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    pgliteTemplateDump: string;
    postgresUrl: string;
  }
}
