import type { ServiceState } from '@nubes/domain';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, seedPrincipals, type TestApp } from '../test/harness.js';
import { completeFieldValues, createServiceInState, seedServiceWorld } from '../test/services-fixtures.js';

// The shape of the built index.html (apps/web/index.html after Vite).
const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>Nubes</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

let test: TestApp;
let dist: string;
const ids: Record<string, string> = {};

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'nubes-app-shell-'));
  writeFileSync(path.join(dist, 'index.html'), INDEX_HTML);
  test = await createTestApp({ env: { WEB_DIST: dist } });
  const world = await seedServiceWorld(test, await seedPrincipals(test));
  const owner = world.people.alice!.id;
  const db = test.database.db;
  const fields = completeFieldValues({ contactId: owner, institutionId: world.institutions.HPCN! });
  const listedService = async (state: ServiceState, name: string, shortDescription: string) =>
    (
      await createServiceInState(db, {
        state,
        name,
        objectOwnerId: owner,
        providerInstitutionId: world.institutions.HPCN,
        fields: { ...fields, shortDescription },
      })
    ).serviceId;
  ids.described = await listedService(
    'service_online',
    'Object <Storage> "North"',
    'S3 storage for research data & backups.',
  );
  ids.undescribed = await listedService('service_retired', 'Old Wiki', '');
  ids.draft = (
    await createServiceInState(db, { state: 'application_draft', name: 'Secret draft', objectOwnerId: owner })
  ).serviceId;
});
afterAll(async () => {
  await test.close();
  rmSync(dist, { recursive: true, force: true });
});

const page = async (url: string, language = 'en') => {
  const response = await test.app.inject({ method: 'GET', url, headers: { 'accept-language': language } });
  expect(response.statusCode, url).toBe(200);
  expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
  const html = response.body;
  return {
    html,
    lang: /<html lang="([^"]*)"/.exec(html)?.[1],
    titles: [...html.matchAll(/<title>([^<]*)<\/title>/g)].map((match) => match[1]),
    description: /<meta name="description" content="([^"]*)" \/>/.exec(html)?.[1] ?? null,
  };
};

describe('the head of each page, in the HTML before any script runs', () => {
  it('gives the public portfolio its title and a description, in the reader’s language', async () => {
    const en = await page('/sc/public-service-portfolio');
    expect(en.lang).toBe('en');
    expect(en.titles).toEqual(['Public Service Portfolio']);
    expect(en.description).toMatch(/^The services the centres of Nubes offer to researchers/);
    const de = await page('/sc/public-service-portfolio?q=storage', 'de-DE,de;q=0.9');
    expect(de.lang).toBe('de');
    expect(de.titles).toEqual(['Öffentliches Serviceportfolio']);
    expect(de.description).toMatch(/^Die Services, die die Zentren von Nubes Forschenden anbieten/);
    // The rest of the shell is untouched: the app still starts.
    expect(de.html).toContain('<script type="module" crossorigin src="/assets/index-abc.js"></script>');
    expect(de.html).toContain('<div id="root"></div>');
  });

  it('describes the login page and home', async () => {
    expect(await page('/login')).toMatchObject({ titles: ['Log in'], description: expect.stringContaining('Log in') });
    expect(await page('/', 'de')).toMatchObject({
      titles: ['Nubes'],
      description: expect.stringContaining('Serviceportal'),
    });
  });

  it('gives a public service’s page its name and its own short description, escaped', async () => {
    const service = await page(`/sc/public-service-portfolio/${ids.described}`);
    expect(service.titles).toEqual(['Object &lt;Storage&gt; &quot;North&quot; – Nubes']);
    expect(service.description).toBe('S3 storage for research data &amp; backups.');
    expect(service.html).not.toContain('<Storage>');
  });

  it('names service and provider when the service has no short description', async () => {
    const de = await page(`/sc/public-service-portfolio/${ids.undescribed}`, 'de');
    expect(de.titles).toEqual(['Old Wiki – Nubes']);
    expect(de.description).toBe('Old Wiki, ein Service von HPC Centre North im Serviceportfolio von Nubes.');
  });

  it('says nothing of a service that is not public, nor of the screens behind a login', async () => {
    const draft = await page(`/sc/public-service-portfolio/${ids.draft}`);
    expect(draft.titles).toEqual(['Service in the Portfolio']);
    expect(draft.description).toBeNull();
    expect(draft.html).not.toContain('Secret draft');
    const unknown = await page('/sc/public-service-portfolio/SVC-99999');
    expect(unknown.description).toBeNull();
    expect(await page('/sc/my-services')).toMatchObject({ titles: ['My Services'], description: null });
    expect(await page('/no/such/page')).toMatchObject({ titles: ['Page not found'], description: null });
  });
});
