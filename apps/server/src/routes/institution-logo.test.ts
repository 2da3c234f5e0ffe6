import { randomBytes } from 'node:crypto';
import { MAX_LOGO_BYTES } from '@nubes/domain';
import { and, eq } from 'drizzle-orm';
import { describe, beforeAll, expect, it } from 'vitest';
import { auditEvents, fileBlobs } from '../db/schema.js';
import { useTestApp } from '../test/harness.js';
import { REFUSED_FILES, SAMPLE_FILES } from '../test/sample-files.js';
import { seedInstitutions, type TestInstitutions } from '../test/services-fixtures.js';

/** A multipart/form-data body with one file part, as a browser sends it. */
const multipart = (content: Buffer, filename = 'logo.png', contentType = 'image/png') => {
  const boundary = `----nubes${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
};

const MISSING = '00000000-0000-4000-8000-000000000000';

describe('institution logos', () => {
  const env = useTestApp();
  let seeded: TestInstitutions;

  const upload = (user: string | null, id: string, content: Buffer, filename?: string, language = 'en') => {
    const body = multipart(content, filename);
    return env.test.app.inject({
      method: 'POST',
      url: `/api/institutions/${id}/logo`,
      payload: body.payload,
      headers: { ...env.as(user), 'content-type': body.contentType, 'accept-language': language },
    });
  };
  const logo = (id: string, headers: Record<string, string> = {}) =>
    env.test.app.inject({ method: 'GET', url: `/api/institutions/${id}/logo`, headers });

  beforeAll(async () => {
    seeded = await seedInstitutions(env.test.database.db);
  });

  it('lets only the managers upload', async () => {
    expect((await upload(null, seeded.DCS, SAMPLE_FILES.png)).statusCode).toBe(401);
    for (const user of ['alice', 'nora'])
      expect((await upload(user, seeded.DCS, SAMPLE_FILES.png)).statusCode, user).toBe(403);
    expect((await upload('carla', MISSING, SAMPLE_FILES.png)).statusCode).toBe(404);
    expect((await logo(seeded.DCS)).statusCode).toBe(404);
  });

  it('takes a PNG, serves it publicly with cache headers, and replaces it with a JPEG', async () => {
    const first = await upload('carla', seeded.HPCN, SAMPLE_FILES.png);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ abbreviation: 'HPCN', hasLogo: true, version: 2 });

    const served = await logo(seeded.HPCN);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toBe('public, max-age=300');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.equals(SAMPLE_FILES.png)).toBe(true);
    const etag = served.headers.etag as string;
    expect((await logo(seeded.HPCN, { 'if-none-match': etag })).statusCode).toBe(304);

    // A JPEG named .png is a JPEG: the content decides.
    const second = await upload('desk', seeded.HPCN, SAMPLE_FILES.jpeg, 'logo.png');
    expect(second.statusCode).toBe(200);
    const replaced = await logo(seeded.HPCN, { 'if-none-match': etag });
    expect(replaced.statusCode).toBe(200);
    expect(replaced.headers['content-type']).toBe('image/jpeg');
    // The old bytes left the store.
    expect(await env.test.database.db.select({ id: fileBlobs.id }).from(fileBlobs)).toHaveLength(1);

    const events = await env.test.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.objectId, seeded.HPCN), eq(auditEvents.action, 'institution.logo.updated')));
    expect(events.map((e) => [e.before, e.after])).toEqual([
      [{ logo: null }, { logo: 'image/png', size: SAMPLE_FILES.png.length }],
      [{ logo: 'image/png' }, { logo: 'image/jpeg', size: SAMPLE_FILES.jpeg.length }],
    ]);
  });

  it('refuses SVG, other types, empty and too large files with clear messages', async () => {
    const svg = await upload('carla', seeded.UW, REFUSED_FILES.svg, 'logo.svg');
    expect(svg.statusCode).toBe(415);
    expect(svg.json().message).toBe(
      'SVG logos are not accepted, as they can carry scripts. Please upload a PNG or JPEG.',
    );
    const pdf = await upload('carla', seeded.UW, SAMPLE_FILES.pdf, 'logo.pdf');
    expect(pdf.statusCode).toBe(415);
    expect(pdf.json().message).toBe('Only PNG and JPEG logos are accepted.');
    const empty = await upload('carla', seeded.UW, Buffer.alloc(0), 'logo.png', 'en');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('File is empty!');
    const large = await upload('carla', seeded.UW, Buffer.concat([SAMPLE_FILES.png, Buffer.alloc(MAX_LOGO_BYTES)]));
    expect(large.statusCode).toBe(413);
    expect(large.json().message).toBe('The logo is larger than 512 KB.');
    expect((await logo(seeded.UW)).statusCode).toBe(404);
  });

  it('deletes the logo with its institution', async () => {
    const created = await env.test.app.inject({
      method: 'POST',
      url: '/api/institutions',
      headers: env.as('carla'),
      payload: {
        abbreviation: 'LOGO',
        name: 'Logo centre',
        description: '',
        url: '',
        isCentre: false,
        isServiceProvider: false,
      },
    });
    const { id } = created.json<{ id: string }>();
    await upload('carla', id, SAMPLE_FILES.png);
    const blobs = (await env.test.database.db.select({ id: fileBlobs.id }).from(fileBlobs)).length;
    const removed = await env.test.app.inject({
      method: 'DELETE',
      url: `/api/institutions/${id}?version=2`,
      headers: env.as('carla'),
    });
    expect(removed.statusCode).toBe(204);
    expect(await env.test.database.db.select({ id: fileBlobs.id }).from(fileBlobs)).toHaveLength(blobs - 1);
    expect((await logo(id)).statusCode).toBe(404);
  });
});
