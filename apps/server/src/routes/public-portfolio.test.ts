import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { PublicPortfolio, ServiceDetail } from '@nubes/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { createServiceInState, useServiceWorld } from '../test/services-fixtures.js';
import { loadPrincipal } from '../auth/principal.js';
import { setInstitutionLogo } from '../commands/institutions.js';
import { createDatabaseFileStore } from '../storage/database-file-store.js';
import { identifyLogo } from '../storage/logo-upload.js';
import { SAMPLE_FILES } from '../test/sample-files.js';
import { writesFor } from '../writes/after-commit.js';
import { matchesEtag, negotiateEncoding } from './public-portfolio.js';

const env = useServiceWorld();
let onlineId: string;

const publicServices = (headers: Record<string, string> = {}) =>
  env.test.app.inject({ method: 'GET', url: '/api/public/services', headers });

beforeAll(async () => {
  const db = env.test.database.db;
  const owner = env.world.people.alice!.id;
  const online = await createServiceInState(db, {
    state: 'service_online',
    name: 'Jupyter North',
    objectOwnerId: owner,
    providerInstitutionId: env.world.institutions.HPCN,
  });
  onlineId = online.id;
  await createServiceInState(db, { state: 'service_not_available', name: 'Backup South', objectOwnerId: owner });
  await createServiceInState(db, { state: 'service_retired', name: 'Old Wiki', objectOwnerId: owner });
  await createServiceInState(db, { state: 'integration_completed', name: 'Almost there', objectOwnerId: owner });
  await createServiceInState(db, { state: 'application_draft', name: 'Secret draft', objectOwnerId: owner });
});

describe('GET /api/public/services', () => {
  it('answers everyone with current and past services, an ETag and public caching', async () => {
    const response = await publicServices();
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers['cache-control']).toBe('public, no-cache');
    expect(response.headers.etag).toMatch(/^"[\w-]{32}"$/);
    const body = response.json<PublicPortfolio>();
    expect(body.current.map((s) => s.name)).toEqual(['Backup South', 'Jupyter North']);
    expect(body.past.map((s) => s.name)).toEqual(['Old Wiki']);
    expect(body.current[1]).toEqual({
      serviceId: expect.stringMatching(/^SVC-\d{5}$/),
      name: 'Jupyter North',
      shortDescription: 'shortDescription of the service',
      provider: 'HPC Centre North',
      providerLogo: null,
      state: 'service_online',
      onlineSince: '2025-01-15T09:00:00.000Z',
      onlineUntil: null,
      statusNotice: null,
      downtime: null,
    });
    expect(body.past[0]).toMatchObject({
      onlineSince: '2025-01-15T09:00:00.000Z',
      onlineUntil: '2026-06-30T16:00:00.000Z',
    });
    expect(JSON.stringify(body)).not.toContain('Secret draft');
  });

  it('answers 304 without a body to a matching If-None-Match', async () => {
    const { etag } = (await publicServices()).headers as { etag: string };
    for (const header of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const response = await publicServices({ 'if-none-match': header });
      expect(response.statusCode, header).toBe(304);
      expect(response.body).toBe('');
      expect(response.headers.etag).toBe(etag);
    }
    expect((await publicServices({ 'if-none-match': '"stale"' })).statusCode).toBe(200);
  });

  it('shows a change made through the API at once, with a new ETag', async () => {
    const before = await publicServices();
    const paula = env.as('paula');
    const renamed = await env.test.app.inject({
      method: 'PATCH',
      url: `/api/services/${onlineId}`,
      headers: paula,
      payload: { version: 1, name: 'Jupyter Hub North' },
    });
    expect(renamed.statusCode).toBe(200);
    const gone = await env.test.app.inject({
      method: 'POST',
      url: `/api/services/${onlineId}/transitions`,
      headers: paula,
      payload: { version: renamed.json<ServiceDetail>().version, action: 'discontinue' },
    });
    expect(gone.statusCode).toBe(200);
    const after = await publicServices({ 'if-none-match': before.headers.etag as string });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    const body = after.json<PublicPortfolio>();
    expect(body.current.map((s) => s.name)).toEqual(['Backup South']);
    expect(body.past.map((s) => s.name)).toEqual(['Jupyter Hub North', 'Old Wiki']);
    expect(body.past[0]!.onlineUntil).not.toBeNull();
  });

  it('names the provider’s logo once it has one, at an address that serves it and changes with each upload', async () => {
    const admin = await loadPrincipal(env.test.database.db, env.world.people.admin!.id);
    const files = createDatabaseFileStore(env.test.database.db);
    const logo = identifyLogo(SAMPLE_FILES.png);
    const upload = () =>
      setInstitutionLogo(writesFor(env.test.database), files, admin!, env.world.institutions.HPCN, logo);
    const saved = await upload();
    const body = (await publicServices()).json<PublicPortfolio>();
    const address = `/api/institutions/${env.world.institutions.HPCN}/logo?v=${saved.version}`;
    expect(body.past.find((s) => s.name === 'Jupyter Hub North')!.providerLogo).toBe(address);
    // No provider institution, no logo.
    expect(body.current.find((s) => s.name === 'Backup South')!.providerLogo).toBeNull();
    const served = await env.test.app.inject({ method: 'GET', url: address });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');

    const service = await env.test.app.inject({
      method: 'GET',
      url: `/api/services/${onlineId}`,
      headers: env.as('paula'),
    });
    expect(service.json<ServiceDetail>().providerLogo).toBe(address);
    const again = await upload();
    expect(again.version).toBe(saved.version + 1);
    expect(JSON.stringify((await publicServices()).json())).toContain(`logo?v=${again.version}`);
  });

  it('is described in the OpenAPI document', async () => {
    const document = (await env.test.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const operation = document.paths['/api/public/services'].get;
    expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['200', '304']));
    expect(operation.security ?? []).toEqual([]);
    expect(operation.description).toContain('ETag');
  });
});

describe('compression', () => {
  it('sends the pre-compressed body the client prefers, each coding with its own ETag', async () => {
    const plain = await publicServices();
    const browser = await publicServices({ 'accept-encoding': 'gzip, deflate, br' });
    expect(browser.statusCode).toBe(200);
    expect(browser.headers['content-encoding']).toBe('br');
    expect(browser.headers.vary).toBe('accept-encoding');
    expect(brotliDecompressSync(browser.rawPayload).toString('utf8')).toBe(plain.body);
    const zipped = await publicServices({ 'accept-encoding': 'br;q=0.5, gzip;q=0.8' });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toBe('accept-encoding');
    expect(gunzipSync(zipped.rawPayload).toString('utf8')).toBe(plain.body);
    expect(browser.rawPayload.length).toBeLessThan(zipped.rawPayload.length);
    expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    const etags = [plain, zipped, browser].map((r) => r.headers.etag as string);
    expect(new Set(etags).size).toBe(3);
    expect(
      (await publicServices({ 'accept-encoding': 'gzip;q=0, br;q=0' })).headers['content-encoding'],
    ).toBeUndefined();
    // Whichever representation the client holds is current, whatever it asks for now.
    for (const etag of etags)
      for (const acceptEncoding of ['gzip, deflate, br', 'gzip', 'identity']) {
        const revalidated = await publicServices({ 'accept-encoding': acceptEncoding, 'if-none-match': etag });
        expect(revalidated.statusCode, `${acceptEncoding} ${etag}`).toBe(304);
        expect(revalidated.body).toBe('');
      }
  });
});

describe('negotiateEncoding', () => {
  it('picks the highest weight, brotli before gzip before identity on equal weights', () => {
    expect(negotiateEncoding(undefined)).toBe('identity');
    expect(negotiateEncoding('')).toBe('identity');
    expect(negotiateEncoding('gzip, deflate, br')).toBe('br');
    expect(negotiateEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(negotiateEncoding('gzip')).toBe('gzip');
    expect(negotiateEncoding('x-gzip')).toBe('gzip');
    expect(negotiateEncoding(['deflate', 'GZIP;Q=0.5'])).toBe('gzip');
    expect(negotiateEncoding('br;q=0.5, gzip;q=0.8')).toBe('gzip');
    expect(negotiateEncoding('br;q=1.0, gzip;q=0.5')).toBe('br');
    expect(negotiateEncoding('gzip;q=0.9, identity')).toBe('identity');
    expect(negotiateEncoding('*')).toBe('br');
    expect(negotiateEncoding('br;q=0, *')).toBe('gzip');
    expect(negotiateEncoding('deflate')).toBe('identity');
  });

  it('keeps identity unless refused and falls back to it when nothing we have is acceptable', () => {
    expect(negotiateEncoding('identity')).toBe('identity');
    expect(negotiateEncoding('gzip;q=0')).toBe('identity');
    expect(negotiateEncoding('identity;q=0, gzip;q=0.1')).toBe('gzip');
    expect(negotiateEncoding('*;q=0, br;q=0.2')).toBe('br');
    expect(negotiateEncoding('*;q=0')).toBe('identity');
    // A malformed weight voids its entry.
    expect(negotiateEncoding('br;q=2, gzip;q=abc')).toBe('identity');
  });
});

describe('matchesEtag', () => {
  it('compares strong and weak validators and lists', () => {
    expect(matchesEtag(undefined, '"a"')).toBe(false);
    expect(matchesEtag('"a"', '"a"')).toBe(true);
    expect(matchesEtag('W/"a"', '"a"')).toBe(true);
    expect(matchesEtag('"b" ,  "a"', '"a"')).toBe(true);
    expect(matchesEtag('"b"', '"a"')).toBe(false);
  });
});

describe('GET /api/public/services/{serviceId}', () => {
  const page = (serviceId: string, headers: Record<string, string> = {}) =>
    env.test.app.inject({ method: 'GET', url: `/api/public/services/${encodeURIComponent(serviceId)}`, headers });

  it('answers a listed service with its public fields in the caller’s language, to everyone', async () => {
    const db = env.test.database.db;
    const service = await createServiceInState(db, {
      state: 'service_online',
      name: 'Public Page Probe',
      objectOwnerId: env.world.people.alice!.id,
      providerInstitutionId: env.world.institutions.HPCN,
    });
    const response = await page(service.serviceId);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, no-cache');
    const body = response.json();
    expect(body).toMatchObject({ serviceId: service.serviceId, name: 'Public Page Probe', state: 'service_online' });
    const keys = body.fields.map((field: { key: string }) => field.key);
    // Only fields the catalogue marks public; the contacts and internal fields never leave the server.
    expect(keys).toContain('shortDescription');
    expect(keys).not.toContain('serviceOwner');
    expect(JSON.stringify(body)).not.toContain(env.world.people.alice!.id);
    const german = (await page(service.serviceId, { 'accept-language': 'de' })).json();
    expect(german.fields.find((field: { key: string }) => field.key === 'shortDescription').label).toBe(
      'Kurzbeschreibung',
    );
  });

  it('answers 404 for a service the public portfolio does not list, and for an unknown ID', async () => {
    const db = env.test.database.db;
    const owner = env.world.people.alice!.id;
    const draft = await createServiceInState(db, { state: 'application_draft', objectOwnerId: owner });
    const pipeline = await createServiceInState(db, { state: 'integration_completed', objectOwnerId: owner });
    for (const serviceId of [draft.serviceId, pipeline.serviceId, 'SVC-99999', 'x'.repeat(41)]) {
      const response = await page(serviceId, env.as('paula'));
      expect([400, 404], serviceId).toContain(response.statusCode);
    }
    expect((await page(draft.serviceId)).statusCode).toBe(404);
    expect((await page('SVC-99999')).json()).toMatchObject({ error: 'not_found' });
  });
});
