import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { Readable } from 'node:stream';
import { AUTH_COOKIE, MAX_DOCUMENT_BYTES, type ServiceState } from '@nubes/domain';
import { and, eq } from 'drizzle-orm';
import { describe, beforeAll, expect, it } from 'vitest';
import { auditEvents, fileBlobs, serviceDocuments, services } from '../db/schema.js';
import { REFUSED_FILES, SAMPLE_FILES } from '../test/sample-files.js';
import { useTestApp } from '../test/harness.js';

interface Part {
  name: string;
  filename?: string;
  contentType?: string;
  content: Buffer | string;
}

const boundaryFor = () => `----nubes${randomBytes(8).toString('hex')}`;

const partHeader = (boundary: string, part: Omit<Part, 'content'>) =>
  Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"` +
      (part.filename === undefined ? '' : `; filename="${part.filename}"`) +
      `\r\n${part.contentType ? `Content-Type: ${part.contentType}\r\n` : ''}\r\n`,
    'utf8',
  );

/** A multipart/form-data body as a browser sends it. */
const multipart = (parts: Part[]) => {
  const boundary = boundaryFor();
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(partHeader(boundary, part), Buffer.from(part.content), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
};

/**
 * A file of `size` zero bytes as a multipart body, produced chunk by chunk: the test never holds
 * it. `pulled()` tells how much of it the reader asked for.
 */
const streamedUpload = (size: number) => {
  const boundary = boundaryFor();
  const chunk = Buffer.alloc(256 * 1024);
  let pulled = 0;
  function* body() {
    yield partHeader(boundary, { name: 'file', filename: 'huge.pdf', contentType: 'application/pdf' });
    for (let left = size; left > 0; left -= chunk.length) {
      const piece = left >= chunk.length ? chunk : chunk.subarray(0, left);
      pulled += piece.length;
      yield piece;
    }
    yield Buffer.from(`\r\n--${boundary}--\r\n`);
  }
  return { body, contentType: `multipart/form-data; boundary=${boundary}`, pulled: () => pulled };
};

describe('service documents', () => {
  const env = useTestApp({ listen: true });
  let online: string;
  let inactive: string;
  let draft: string;

  const insertService = async (serviceId: string, state: ServiceState, documentsActive: boolean) => {
    const [row] = await env.test.database.db
      .insert(services)
      .values({
        serviceId,
        name: `Service ${serviceId}`,
        state,
        objectOwnerId: env.person('alice').id,
        documentsActive,
      })
      .returning();
    return row!.id;
  };

  const upload = (serviceId: string, user: string | null, parts: Part[]) => {
    const { payload, contentType } = multipart(parts);
    return env.test.app.inject({
      method: 'POST',
      url: `/api/services/${serviceId}/documents`,
      payload,
      headers: { 'content-type': contentType, ...env.as(user) },
    });
  };

  const uploadFile = (
    serviceId: string,
    user: string | null,
    filename: string,
    content: Buffer,
    contentType?: string,
  ) =>
    upload(serviceId, user, [
      { name: 'file', filename, contentType: contentType ?? 'application/octet-stream', content },
    ]);

  const blobCount = async () => (await env.test.database.db.select({ id: fileBlobs.id }).from(fileBlobs)).length;

  beforeAll(async () => {
    online = await insertService('SVC-91001', 'service_online', true);
    inactive = await insertService('SVC-91002', 'service_online', false);
    draft = await insertService('SVC-91003', 'application_draft', true);
  });

  const accepted: [keyof typeof SAMPLE_FILES, string, string][] = [
    ['pdf', 'Handbuch.pdf', 'application/pdf'],
    ['png', 'logo.png', 'image/png'],
    ['jpeg', 'photo.JPG', 'image/jpeg'],
    ['text', 'notes.txt', 'text/plain; charset=utf-8'],
    ['csv', 'contacts.csv', 'text/csv; charset=utf-8'],
    ['markdown', 'runbook.md', 'text/markdown; charset=utf-8'],
    ['docx', 'concept.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    ['xlsx', 'budget.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    ['pptx', 'slides.pptx', 'application/vnd.openxmlformats-officedocument.presentationml.presentation'],
    ['odt', 'konzept.odt', 'application/vnd.oasis.opendocument.text'],
    ['ods', 'budget.ods', 'application/vnd.oasis.opendocument.spreadsheet'],
    ['odp', 'folien.odp', 'application/vnd.oasis.opendocument.presentation'],
  ];

  it.each(accepted)('uploads %s and gives back the same bytes as an attachment', async (kind, filename, type) => {
    const bytes = SAMPLE_FILES[kind];
    // The client's claim is ignored: the type comes from the content.
    const response = await uploadFile(online, 'alice', filename, bytes, 'application/x-whatever');
    expect(response.statusCode, response.body).toBe(201);
    const document = response.json<{ id: string; filename: string; contentType: string; size: number }>();
    expect(document).toMatchObject({ filename, contentType: type, size: bytes.length, uploadedBy: 'Alice Adler' });

    const download = await env.test.app.inject({
      method: 'GET',
      url: `/api/services/${online}/documents/${document.id}`,
      headers: env.as('bob'),
    });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(bytes)).toBe(true);
    expect(download.headers['content-type']).toBe(type);
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="${filename}"; filename*=UTF-8''${encodeURIComponent(filename)}`,
    );
    expect(download.headers['x-content-type-options']).toBe('nosniff');
  });

  it('lists the documents newest first, for whoever sees the service', async () => {
    const response = await env.test.app.inject({
      method: 'GET',
      url: `/api/services/${online}/documents`,
      headers: env.as('desk'),
    });
    expect(response.statusCode).toBe(200);
    const { items } = response.json<{ items: { filename: string; createdAt: string }[] }>();
    expect(items.map((d) => d.filename)).toEqual(expect.arrayContaining(accepted.map(([, name]) => name)));
    const times = items.map((d) => d.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('downloads with the auth cookie alone (a plain link), with a UTF-8 name', async () => {
    const created = await uploadFile(online, 'alice', "Übersicht (neu) 'final'.pdf", SAMPLE_FILES.pdf);
    expect(created.statusCode).toBe(201);
    const { id, filename } = created.json<{ id: string; filename: string }>();
    expect(filename).toBe("Übersicht (neu) 'final'.pdf");
    const download = await env.test.app.inject({
      method: 'GET',
      url: `/api/services/${online}/documents/${id}`,
      cookies: { [AUTH_COOKIE]: env.person('alice').token },
    });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(SAMPLE_FILES.pdf)).toBe(true);
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="_bersicht (neu) 'final'.pdf"; filename*=UTF-8''%C3%9Cbersicht%20%28neu%29%20%27final%27.pdf`,
    );
    const anonymous = await env.test.app.inject({ method: 'GET', url: `/api/services/${online}/documents/${id}` });
    expect(anonymous.statusCode).toBe(401);
  });

  it('stores a safe name: no directories or control characters, the type extension added when missing', async () => {
    const traversal = await uploadFile(online, 'alice', '../../etc/pass\u0007wd.txt', SAMPLE_FILES.text);
    expect(traversal.statusCode).toBe(201);
    expect(traversal.json().filename).toBe('passwd.txt');
    const bare = await uploadFile(online, 'alice', 'scan', SAMPLE_FILES.png);
    expect(bare.json().filename).toBe('scan.png');
    const nameless = await upload(online, 'alice', [{ name: 'file', filename: '', content: SAMPLE_FILES.pdf }]);
    expect(nameless.statusCode).toBe(201);
    expect(nameless.json().filename).toBe('document.pdf');
  });

  it('writes one audit event per upload and deletion into the service history', async () => {
    const created = await uploadFile(online, 'paula', 'audit.pdf', SAMPLE_FILES.pdf);
    expect(created.statusCode).toBe(201);
    const { id } = created.json<{ id: string }>();
    const deleted = await env.test.app.inject({
      method: 'DELETE',
      url: `/api/services/${online}/documents/${id}`,
      headers: env.as('alice'),
    });
    expect(deleted.statusCode).toBe(204);
    expect(deleted.body).toBe('');
    const events = await env.test.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.objectType, 'service'), eq(auditEvents.objectId, online)));
    const uploadedEvent = events.find(
      (e) => e.action === 'service.document.uploaded' && (e.after as { document: string }).document === 'audit.pdf',
    );
    expect(uploadedEvent?.actorName).toBe('paula');
    const deletedEvent = events.find((e) => e.action === 'service.document.deleted');
    expect(deletedEvent).toMatchObject({ actorName: 'alice', before: { document: 'audit.pdf' }, after: null });
  });

  it('deletes the document and its bytes; a second delete and the download are 404', async () => {
    const created = await uploadFile(online, 'alice', 'gone.csv', SAMPLE_FILES.csv);
    const { id } = created.json<{ id: string }>();
    const [row] = await env.test.database.db.select().from(serviceDocuments).where(eq(serviceDocuments.id, id));
    const url = `/api/services/${online}/documents/${id}`;
    expect((await env.test.app.inject({ method: 'DELETE', url, headers: env.as('bob') })).statusCode).toBe(403);
    expect((await env.test.app.inject({ method: 'DELETE', url, headers: env.as('alice') })).statusCode).toBe(204);
    expect((await env.test.app.inject({ method: 'DELETE', url, headers: env.as('alice') })).statusCode).toBe(404);
    expect((await env.test.app.inject({ method: 'GET', url, headers: env.as('alice') })).statusCode).toBe(404);
    expect(await env.test.database.db.select().from(fileBlobs).where(eq(fileBlobs.id, row!.storageKey))).toHaveLength(
      0,
    );
    expect((await env.test.app.inject({ method: 'DELETE', url })).statusCode).toBe(401);
  });

  it('does not hand out a document through another service', async () => {
    const created = await uploadFile(online, 'alice', 'mine.pdf', SAMPLE_FILES.pdf);
    const { id } = created.json<{ id: string }>();
    const response = await env.test.app.inject({
      method: 'GET',
      url: `/api/services/${inactive}/documents/${id}`,
      headers: env.as('alice'),
    });
    expect(response.statusCode).toBe(404);
  });

  it('refuses an empty file with "File is empty!"', async () => {
    const response = await uploadFile(online, 'alice', 'empty.pdf', Buffer.alloc(0));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'invalid_input', message: 'File is empty!' });
  });

  it.each([
    ['a Linux executable named .pdf', 'report.pdf', REFUSED_FILES.elf],
    ['a web page named .pdf', 'report.pdf', REFUSED_FILES.html],
    ['a web page named .txt', 'notes.txt', REFUSED_FILES.html],
    ['an SVG image', 'logo.svg', REFUSED_FILES.svg],
    ['a macro-enabled Word file', 'concept.docx', REFUSED_FILES.docm],
    ['a plain ZIP archive', 'bundle.zip', REFUSED_FILES.zip],
    ['Latin-1 text', 'notes.txt', REFUSED_FILES.latin1Text],
    ['a Windows executable', 'setup.exe', REFUSED_FILES.windowsExe],
    ['text claiming to be a PDF', 'report.pdf', SAMPLE_FILES.text],
    ['a PDF named .docx', 'report.docx', SAMPLE_FILES.pdf],
  ])('refuses %s with 415 and stores nothing', async (_label, filename, content) => {
    const before = await blobCount();
    const response = await uploadFile(online, 'alice', filename, content, 'application/pdf');
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({ error: 'unsupported_media_type' });
    expect(response.json().message).toMatch(/^This file type is not accepted/);
    expect(await blobCount()).toBe(before);
  });

  it('refuses a file over 20 MB with 413 while it streams in, without reading the rest', async () => {
    const before = await blobCount();
    const upload = streamedUpload(MAX_DOCUMENT_BYTES + 1);
    const response = await env.test.app.inject({
      method: 'POST',
      url: `/api/services/${online}/documents`,
      payload: Readable.from(upload.body()),
      headers: { 'content-type': upload.contentType, ...env.as('alice') },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ error: 'payload_too_large', message: 'The file is larger than 20 MB.' });
    expect(response.headers.connection).toBe('close');
    expect(await blobCount()).toBe(before);
  });

  it('stops reading an oversized upload over real HTTP instead of draining it', async () => {
    // Far more than the limit, sent chunked: a server that drained it would take all of it.
    const upload = streamedUpload(10 * MAX_DOCUMENT_BYTES);
    const url = new URL(`/api/services/${online}/documents`, env.test.listenUrl);
    const outcome = await new Promise<{ status?: number; error?: string }>((resolve) => {
      const request = http.request(url, {
        method: 'POST',
        headers: { 'content-type': upload.contentType, ...env.as('alice') },
      });
      request.on('response', (response) => {
        response.resume();
        resolve({ status: response.statusCode });
        request.destroy();
      });
      // The server answers 413 and closes while the client still sends; depending on timing the
      // client sees the answer or only the closed connection (EPIPE, ECONNRESET).
      request.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code }));
      const body = upload.body();
      const pump = () => {
        for (let next = body.next(); !next.done; next = body.next()) {
          if (request.destroyed) return;
          if (!request.write(next.value)) {
            request.once('drain', pump);
            return;
          }
        }
        request.end();
      };
      pump();
    });
    if (outcome.status === undefined) expect(['EPIPE', 'ECONNRESET']).toContain(outcome.error);
    else expect(outcome.status).toBe(413);
    // The limit plus what sockets buffer on the way; a drained body would be ten times the limit.
    expect(upload.pulled()).toBeLessThan(3 * MAX_DOCUMENT_BYTES);
  });

  it('refuses at once when Content-Length already says the body is too large', async () => {
    const upload = streamedUpload(MAX_DOCUMENT_BYTES * 2);
    const response = await env.test.app.inject({
      method: 'POST',
      url: `/api/services/${online}/documents`,
      payload: Readable.from(upload.body()),
      headers: {
        'content-type': upload.contentType,
        'content-length': String(MAX_DOCUMENT_BYTES * 2 + 200),
        ...env.as('alice'),
      },
    });
    expect(response.statusCode).toBe(413);
    expect(upload.pulled()).toBeLessThan(MAX_DOCUMENT_BYTES);
  });

  it('accepts a file of exactly 20 MB', async () => {
    const bytes = Buffer.alloc(MAX_DOCUMENT_BYTES, 0x61);
    bytes.write('%PDF-1.7\n', 'latin1');
    const response = await uploadFile(online, 'alice', 'exactly-20mb.pdf', bytes);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().size).toBe(MAX_DOCUMENT_BYTES);
    // Cleaned up again, so the database stays small for the following tests.
    const deleted = await env.test.app.inject({
      method: 'DELETE',
      url: `/api/services/${online}/documents/${response.json().id}`,
      headers: env.as('alice'),
    });
    expect(deleted.statusCode).toBe(204);
  });

  it('refuses uploads while the documents area is not activated (409)', async () => {
    const response = await uploadFile(inactive, 'alice', 'early.pdf', SAMPLE_FILES.pdf);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      error: 'conflict',
      message: 'The documents area of this service is not activated.',
    });
    // Reading an area that is not active yet is fine: it is empty.
    const list = await env.test.app.inject({
      method: 'GET',
      url: `/api/services/${inactive}/documents`,
      headers: env.as('alice'),
    });
    expect(list.json()).toEqual({ items: [] });
  });

  it('lets only the provider side and the portfolio manager change documents', async () => {
    expect((await uploadFile(online, 'bob', 'bob.pdf', SAMPLE_FILES.pdf)).statusCode).toBe(403);
    expect((await uploadFile(online, 'ivan', 'ivan.pdf', SAMPLE_FILES.pdf)).statusCode).toBe(403);
    expect((await uploadFile(online, 'paula', 'paula.pdf', SAMPLE_FILES.pdf)).statusCode).toBe(201);
    expect((await uploadFile(online, 'admin', 'admin.pdf', SAMPLE_FILES.pdf)).statusCode).toBe(201);
    // A draft is invisible to bob and to nora: 404, as if it did not exist.
    expect((await uploadFile(draft, 'bob', 'bob.pdf', SAMPLE_FILES.pdf)).statusCode).toBe(404);
    expect((await uploadFile(online, 'nora', 'nora.pdf', SAMPLE_FILES.pdf)).statusCode).toBe(404);
    expect((await uploadFile(draft, 'alice', 'draft.pdf', SAMPLE_FILES.pdf)).statusCode).toBe(201);
    expect((await uploadFile(online, null, 'anon.pdf', SAMPLE_FILES.pdf)).statusCode).toBe(401);
    const list = (user: string) =>
      env.test.app.inject({ method: 'GET', url: `/api/services/${draft}/documents`, headers: env.as(user) });
    expect((await list('bob')).statusCode).toBe(404);
    expect((await list('paula')).statusCode).toBe(200);
    const missing = await env.test.app.inject({
      method: 'GET',
      url: `/api/services/00000000-0000-4000-8000-000000000000/documents`,
      headers: env.as('alice'),
    });
    expect(missing.statusCode).toBe(404);
  });

  it('answers malformed uploads with client errors, never 500', async () => {
    const url = `/api/services/${online}/documents`;
    const headers = env.as('alice');
    const json = await env.test.app.inject({ method: 'POST', url, payload: { file: 'x' }, headers });
    expect(json.statusCode).toBe(415);

    const noFile = await upload(online, 'alice', [{ name: 'comment', content: 'hello' }]);
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().message).toBe('Please choose a file.');

    const wrongField = await upload(online, 'alice', [
      { name: 'upload', filename: 'a.pdf', content: SAMPLE_FILES.pdf },
    ]);
    expect(wrongField.statusCode).toBe(400);

    const two = await upload(online, 'alice', [
      { name: 'file', filename: 'a.pdf', content: SAMPLE_FILES.pdf },
      { name: 'file', filename: 'b.pdf', content: SAMPLE_FILES.pdf },
    ]);
    expect(two.statusCode).toBe(400);
    expect(two.json().message).toBe('Please upload one file at a time.');

    const noBoundary = await env.test.app.inject({
      method: 'POST',
      url,
      payload: 'garbage',
      headers: { ...headers, 'content-type': 'multipart/form-data' },
    });
    expect(noBoundary.statusCode).toBe(400);

    const { payload, contentType } = multipart([{ name: 'file', filename: 'a.pdf', content: SAMPLE_FILES.pdf }]);
    const torn = await env.test.app.inject({
      method: 'POST',
      url,
      payload: payload.subarray(0, payload.length - 30),
      headers: { ...headers, 'content-type': contentType },
    });
    expect(torn.statusCode).toBe(400);

    const manyFields = await upload(
      online,
      'alice',
      Array.from({ length: 12 }, (_, i) => ({ name: `f${i}`, content: 'x' })),
    );
    expect(manyFields.statusCode).toBe(413);

    const badId = await env.test.app.inject({ method: 'GET', url: `${url}/not-a-uuid`, headers });
    expect(badId.statusCode).toBe(400);
  });
});
