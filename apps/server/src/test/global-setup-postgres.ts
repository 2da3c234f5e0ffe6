import type { TestProject } from 'vitest/node';
import { startThrowawayPostgres } from '../../../../scripts/lib/throwaway-postgres.mjs';
import { openDatabase } from '../db/client.js';
import { captureTemplate } from './template-snapshot.js';

/** A throwaway PostgreSQL 15 server in a temp dir; each test file gets a copy of a migrated template. */
export default async function setup(project: TestProject) {
  const postgres = await startThrowawayPostgres({ database: 'nubes_template', settings: { max_connections: 200 } });
  try {
    const template = await openDatabase({ databaseUrl: postgres.url, dataDir: '' });
    try {
      project.provide('templateSnapshot', await captureTemplate(template.db));
    } finally {
      await template.close();
    }
  } catch (error) {
    await postgres.stop();
    throw error;
  }
  project.provide('postgresUrl', postgres.serverUrl);
  return postgres.stop;
}
