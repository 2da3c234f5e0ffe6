import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client.js';
import { captureTemplate, type TemplateSnapshot } from './template-snapshot.js';

/**
 * Creating a PGlite database costs seconds and a gigabyte; it is done once here with the real
 * migrations. A test worker loads its databases from the dump and puts one back to the template
 * (its snapshot, taken here) for each file (test/pglite-pool.ts); the suites whose subject is the
 * directory on disk copy the directory.
 */
export default async function setup(project: TestProject) {
  const root = mkdtempSync(path.join(tmpdir(), 'nubes-pglite-'));
  const template = path.join(root, 'template');
  const database = await openDatabase({ dataDir: template });
  try {
    project.provide('templateSnapshot', await captureTemplate(database.db));
  } finally {
    await database.close();
  }
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
    /** What the template holds, to put a test file's database back to it (test/template-snapshot.ts). */
    templateSnapshot: TemplateSnapshot;
  }
}
