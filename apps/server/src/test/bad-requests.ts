import fc from 'fast-check';
import { fromPortalPages } from './harness.js';

/**
 * Generated bad requests for the routes of the OpenAPI document (ADR 0051). Every request carries
 * at least one fault the route must refuse (so none of them may change data); hostile but valid
 * text (SQL, path traversal, odd unicode) rides along in the other places.
 */

export interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  format?: string;
  pattern?: string;
  maxLength?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  oneOf?: JsonSchema[];
  anyOf?: JsonSchema[];
}

/** One operation of the document, with what the test knows about calling it. */
export interface Target {
  method: string;
  /** The document's path, `{name}` for parameters. */
  path: string;
  /** Real values of the path parameters: existing objects, so requests get past the lookups. */
  params: Record<string, string>;
  queryNames: string[];
  /** The JSON body's schema, resolved; undefined when the route takes no JSON body. */
  body: JsonSchema | undefined;
  upload: boolean;
  /** Tokens of people whose roles may call the route; none for a public route. */
  tokens: string[];
  /** Methods the path answers, so an odd method is one it does not. */
  pathMethods: string[];
}

export interface BadRequest {
  fault: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

const SQL_INJECTION = [
  "' OR '1'='1",
  '1; DROP TABLE users; --',
  "' UNION SELECT password_hash FROM users --",
  "%' AND 1=1 --",
  '"; SELECT pg_sleep(5); --',
  '$$; DELETE FROM services; $$',
  "admin'--",
  "1' ORDER BY 99 --",
];
const PATH_TRAVERSAL = [
  '../../../../etc/passwd',
  '..\\..\\..\\windows\\win.ini',
  '....//....//etc/passwd',
  '/etc/passwd',
  'file:///etc/passwd',
  '..%2f..%2fetc%2fpasswd',
];
/** Valid but unusual text: direction marks, invisible characters, astral and combining characters. */
const ODD_UNICODE = [
  '\u200f\u202eevil\u202c',
  'a\u200b\u200c\u200db',
  '\ufeffBOM',
  '😀🇩🇪👩‍👩‍👧',
  'e\u0301\u0308\u0308\u0308',
  '\uffff\ufffe',
  '＜script＞alert(1)＜/script＞',
  '<img src=x onerror=alert(1)>',
  '\u0001\u001f\u007f',
];
/** Text the database cannot hold: NUL and lone surrogates. */
const UNSAFE_TEXT = ['a\u0000b', '\u0000', '\ud800', 'x\udc00y', '\udbff\u0000'];

const hostileText = fc.oneof(
  fc.constantFrom(...SQL_INJECTION, ...PATH_TRAVERSAL, ...ODD_UNICODE),
  fc.string({ unit: 'grapheme', maxLength: 30 }),
);

/** Path segments as sent in the address: none is an existing object's id. */
const badSegment = fc.oneof(
  fc.constantFrom(
    '%00',
    'a%00b',
    '%E0%A4%A',
    '%ED%A0%80',
    '%C0%80',
    '%C0%AE%C0%AE%2F',
    '%',
    '%zz',
    'a'.repeat(150),
    'a'.repeat(5000),
    '..%2F..%2Fetc%2Fpasswd',
    '..',
    '-1',
    '0',
    '99999999999999999999999',
    '1e309',
    'NaN',
    'null',
    'undefined',
    '00000000-0000-0000-0000-000000000000',
    '%20',
    '__proto__',
    'constructor',
  ),
  fc.uuid(),
  hostileText.filter((text) => text.length > 0).map((text) => encodeURIComponent(text)),
);

/** Query values; none is a small positive integer, so a `version` never matches by chance. */
const badQueryValue = fc.oneof(
  fc.constantFrom(
    '-1',
    '-99999999999',
    '99999999999999999999999',
    '1e309',
    'NaN',
    'Infinity',
    '1.5',
    '0x10',
    'abc',
    '',
    '%00',
    'a%00',
    '%ED%A0%80',
    '%C0%80',
    '%E0%A4%A',
    '%',
    'a'.repeat(1024 * 1024),
    'true',
    '[]',
    '{}',
  ),
  hostileText.map((text) => encodeURIComponent(text)),
);

const queryOf = (names: string[], picks: [number, string][], extra: [string, string][]): string =>
  [
    ...picks.map(([pick, value]) => `${names.length ? names[pick % names.length] : 'unknown'}=${value}`),
    ...extra.map(([name, value]) => `${name}=${value}`),
  ].join('&');

/** Query names in odd forms: nested, array-like, repeated, empty, encoded. */
const oddQueryParts = fc.array(
  fc.constantFrom<[string, string]>(
    ['page[$gt]', '1'],
    ['sort[]', 'name'],
    ['', 'x'],
    ['%00', 'x'],
    ['__proto__[polluted]', 'yes'],
    ['constructor[prototype][x]', '1'],
    ['q', '%27%20OR%201%3D1'],
  ),
  { maxLength: 2 },
);

const withQuery = (url: string, query: string) => (query ? `${url}?${query}` : url);

const fill = (path: string, params: Record<string, string>, override: Record<string, string> = {}) =>
  path.replace(/\{([^}]+)\}/g, (_, name: string) => override[name] ?? params[name] ?? 'missing');

const typesOf = (schema: JsonSchema): string[] => (schema.type ? [schema.type].flat() : []);

/** A value of the property's own type, hostile where it is text: may or may not be valid. */
const plausibleValue = (schema: JsonSchema): fc.Arbitrary<unknown> => {
  const [type] = typesOf(schema);
  switch (type) {
    case 'integer':
    case 'number':
      return fc.oneof(fc.constantFrom(-1, 0, 2 ** 53, -(2 ** 53), 1e308), fc.integer({ min: 1_000_000, max: 2 ** 31 }));
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(hostileText, { maxLength: 3 });
    case 'object':
      return fc.dictionary(hostileText, hostileText, { maxKeys: 3 });
    default:
      return hostileText;
  }
};

/** A value the property's declared type or format cannot take. */
const wrongValue = (schema: JsonSchema): fc.Arbitrary<unknown> | null => {
  const types = typesOf(schema);
  if (types.length === 0) return null;
  const choices: fc.Arbitrary<unknown>[] = [];
  if (!types.includes('string')) choices.push(hostileText, fc.constantFrom('12', 'true', ''));
  if (!types.includes('number') && !types.includes('integer')) choices.push(fc.constantFrom(0, -1, 1.5, 1e308));
  if (types.includes('integer')) choices.push(fc.constantFrom(1.5, -0.5, 1e-9));
  if (!types.includes('boolean')) choices.push(fc.boolean());
  if (!types.includes('null')) choices.push(fc.constant(null));
  if (!types.includes('array')) choices.push(fc.array(fc.integer(), { maxLength: 2 }));
  if (!types.includes('object')) choices.push(fc.constant({ nested: { deeper: ['x'] } }));
  if (types.includes('string') && (schema.format === 'uuid' || schema.pattern))
    choices.push(hostileText.map((text) => `not-a-uuid ${text}`));
  return fc.oneof(...choices);
};

const objectWith = (entries: [string, fc.Arbitrary<unknown>][]): fc.Arbitrary<Record<string, unknown>> =>
  fc
    .tuple(...entries.map(([, value]) => value))
    .map((values) => Object.fromEntries(values.map((value, i) => [entries[i]![0], value])));

const OVER_THE_LIMIT = JSON.stringify({ text: 'a'.repeat(1024 * 1024 + 1) });
const MEGABYTE_OF_TEXT = 'é'.repeat(500_000);

/** Faults of a JSON body that the route's schema must refuse; each answers the payload's text. */
const badJsonBodies = (schema: JsonSchema | undefined): fc.Arbitrary<{ fault: string; payload: string | Buffer }> => {
  const properties = Object.entries(schema?.properties ?? {});
  const required = schema?.required ?? [];
  const json = (fault: string) => (value: unknown) => ({ fault, payload: JSON.stringify(value) });
  const options: fc.Arbitrary<{ fault: string; payload: string | Buffer }>[] = [
    fc
      .oneof(hostileText, fc.integer(), fc.boolean(), fc.constant(null), fc.array(hostileText, { maxLength: 3 }))
      .map(json('body: not an object')),
    fc
      .constantFrom(
        '{"a":',
        '{',
        '[',
        "{'single':'quotes'}",
        '{"a":1,}',
        'NaN',
        '{"a":undefined}',
        '\u0000',
        '{"__proto__":{"polluted":true}}',
        '{"constructor":{"prototype":{"polluted":true}}}',
        '',
      )
      .map((payload) => ({ fault: 'body: not JSON or poisoned', payload })),
    fc.constantFrom(...UNSAFE_TEXT).map((text) => ({
      fault: 'body: unsafe text',
      payload: JSON.stringify(Object.fromEntries([...properties.map(([name]) => [name, text]), [text, text]])),
    })),
    // Overlong UTF-8 (0xC0 0x80 for NUL, 0xC0 0xAE for ".") and a lone continuation byte inside a string.
    fc
      .constantFrom([0xc0, 0x80], [0xc0, 0xae, 0xc0, 0xae, 0x2f], [0x80], [0xed, 0xa0, 0x80], [0xff, 0xfe])
      .map((bytes) => ({
        fault: 'body: invalid UTF-8',
        payload: Buffer.concat([Buffer.from('{"x":"'), Buffer.from(bytes), Buffer.from('"}')]),
      })),
    // More than the 1 MB body limit.
    fc.constant({ fault: 'body: over the limit', payload: OVER_THE_LIMIT }),
    // Deep nesting: as the whole body, and as the value of the first property.
    fc.integer({ min: 500, max: 5000 }).map((depth) => ({
      fault: 'body: deep nesting',
      payload: properties.length
        ? `{"${properties[0]![0]}":${'['.repeat(depth)}${']'.repeat(depth)}}`
        : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`,
    })),
  ];
  if (required.length > 0 || schema?.oneOf || schema?.anyOf) {
    // Missing fields: every property but the first required one, with plausible values.
    const kept = properties.filter(([name]) => name !== required[0]);
    options.push(objectWith(kept.map(([name, prop]) => [name, plausibleValue(prop)])).map(json('body: missing field')));
  }
  const typed = properties.flatMap(([name, prop]) => {
    const wrong = wrongValue(prop);
    return wrong ? [{ name, wrong }] : [];
  });
  if (typed.length > 0) {
    // One wrong type (or format), everything else plausible, so validation reads the whole body.
    options.push(
      fc
        .constantFrom(...typed)
        .chain(({ name, wrong }) =>
          objectWith(properties.map(([other, prop]) => [other, other === name ? wrong : plausibleValue(prop)])).map(
            json(`body: wrong type of ${name}`),
          ),
        ),
    );
    // A 1 MB string where a short text or no text at all belongs (inside the body limit).
    const bounded = properties.filter(([, prop]) => prop.maxLength !== undefined || !typesOf(prop).includes('string'));
    if (bounded.length > 0 && bounded.some(([, prop]) => typesOf(prop).length > 0)) {
      options.push(
        fc.constantFrom(...bounded.filter(([, prop]) => typesOf(prop).length > 0)).chain(([name]) =>
          objectWith(properties.map(([other, prop]) => [other, plausibleValue(prop)])).map((value) => ({
            fault: `body: 1 MB string in ${name}`,
            payload: JSON.stringify({ ...value, [name]: MEGABYTE_OF_TEXT }),
          })),
        ),
      );
    }
  }
  return fc.oneof(...options);
};

const boundary = '----nubes-fuzz';
const part = (headers: string, content: string) => `--${boundary}\r\n${headers}\r\n\r\n${content}\r\n`;
/** Multipart bodies no upload route may take. */
const brokenMultipart = fc.constantFrom<{ fault: string; contentType: string; payload: string }>(
  { fault: 'multipart: no boundary', contentType: 'multipart/form-data', payload: part('', 'x') },
  {
    fault: 'multipart: other boundary',
    contentType: 'multipart/form-data; boundary=elsewhere',
    payload: `${part('Content-Disposition: form-data; name="file"; filename="a.pdf"', '%PDF-1.4')}--${boundary}--`,
  },
  {
    fault: 'multipart: cut off',
    contentType: `multipart/form-data; boundary=${boundary}`,
    payload: `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF-1.4 and then noth`,
  },
  {
    fault: 'multipart: no file part',
    contentType: `multipart/form-data; boundary=${boundary}`,
    payload: `${part('Content-Disposition: form-data; name="note"', 'hello')}--${boundary}--`,
  },
  {
    fault: 'multipart: empty',
    contentType: `multipart/form-data; boundary=${boundary}`,
    payload: `--${boundary}--`,
  },
  {
    fault: 'multipart: headers without disposition',
    contentType: `multipart/form-data; boundary=${boundary}`,
    payload: `${part('Content-Type: application/pdf', '%PDF-1.4')}--${boundary}--`,
  },
  {
    fault: 'multipart: two files',
    contentType: `multipart/form-data; boundary=${boundary}`,
    payload:
      part('Content-Disposition: form-data; name="file"; filename="a.exe"', 'MZ') +
      part('Content-Disposition: form-data; name="file"; filename="b.exe"', 'MZ') +
      `--${boundary}--`,
  },
  {
    fault: 'multipart: NUL and traversal in the file name',
    contentType: `multipart/form-data; boundary=${boundary}`,
    payload: `${part('Content-Disposition: form-data; name="file"; filename="../../a\u0000.exe"', 'MZ\u0000')}--${boundary}--`,
  },
  {
    fault: 'multipart: many fields',
    contentType: `multipart/form-data; boundary=${boundary}`,
    payload: `${Array.from({ length: 50 }, (_, i) => part(`Content-Disposition: form-data; name="f${i}"`, 'x')).join('')}--${boundary}--`,
  },
);

/** Authorization headers and cookies that name nobody. */
const badCredentials = (token: string | undefined) => {
  const [header = 'eyJhbGciOiJIUzI1NiJ9', payload = 'e30', signature = 'x'] = (token ?? '').split('.');
  const forged = Buffer.from(JSON.stringify({ sub: '00000000-0000-0000-0000-000000000000', iss: 'nubes' })).toString(
    'base64url',
  );
  const none = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
  return fc.constantFrom<Record<string, string>>(
    { authorization: 'Bearer' },
    { authorization: 'Bearer ' },
    { authorization: 'Bearer x.y.z' },
    { authorization: `Bearer ${header}.${forged}.${signature}` },
    { authorization: `Bearer ${none}.${payload}.` },
    { authorization: `Bearer ${header}.${payload}.${signature.slice(0, -2)}AA` },
    { authorization: `Bearer ${'a'.repeat(8000)}` },
    { authorization: `Bearer ${header}.${payload}` },
    { authorization: 'Basic YWRtaW46YWRtaW4=' },
    { authorization: "Bearer ' OR '1'='1" },
    { cookie: 'auth=garbage' },
    { cookie: `auth=${header}.${forged}.${signature}` },
    { cookie: 'auth=' },
    { cookie: 'auth=%E0%A4%A; auth=x' },
    { cookie: `auth=${'a'.repeat(8000)}` },
    { cookie: '=;;;=auth' },
  );
};

const ODD_METHODS = ['PUT', 'PATCH', 'DELETE', 'POST', 'OPTIONS', 'TRACE', 'PROPFIND', 'SEARCH', 'LOCK', 'QUERY'];

/** Every kind of fault that applies to a target, each a bad request for it, as one of the people who may call it. */
export const badRequestFor = (target: Target): fc.Arbitrary<BadRequest> => {
  // Built once per target and person: the arbitraries hold megabyte strings.
  const built = new Map<string | undefined, fc.Arbitrary<BadRequest>>();
  const forToken = (token?: string) => {
    if (!built.has(token)) built.set(token, faultsFor(target, token));
    return built.get(token)!;
  };
  return target.tokens.length ? fc.constantFrom(...target.tokens).chain(forToken) : forToken();
};

const faultsFor = (target: Target, token?: string): fc.Arbitrary<BadRequest> => {
  const method = target.method.toUpperCase();
  const takesBody = method !== 'GET' && method !== 'DELETE' && method !== 'HEAD';
  const paramNames = Object.keys(target.params);
  // A public write (a login) comes from the portal's pages, so the bad input reaches the schema.
  const auth: Record<string, string> = token
    ? { authorization: `Bearer ${token}` }
    : method === 'GET'
      ? {}
      : { ...fromPortalPages };
  const url = fill(target.path, target.params);
  const language = fc.constantFrom('en', 'de', 'de-CH;q=0.9, en;q=0.1', 'xx', '*', ';q=abc');
  const kinds: fc.WeightedArbitrary<BadRequest>[] = [];

  if (paramNames.length > 0) {
    kinds.push({
      arbitrary: fc.tuple(fc.constantFrom(...paramNames), badSegment, language).map(([name, segment, lang]) => ({
        fault: `path parameter ${name}`,
        method,
        url: fill(target.path, target.params, { [name]: segment }),
        headers: { ...auth, 'accept-language': lang },
      })),
      weight: 3,
    });
  }

  // Any query on a GET changes nothing; on a write only values that are never a valid version.
  if (method === 'GET' || target.queryNames.length > 0) {
    kinds.push({
      arbitrary: fc
        .tuple(fc.array(fc.tuple(fc.nat(), badQueryValue), { minLength: 1, maxLength: 4 }), oddQueryParts, fc.boolean())
        .map(([picks, extra, duplicate]) => {
          const all = duplicate && picks.length ? [...picks, picks[0]!] : picks;
          return {
            fault: 'query',
            method,
            url: withQuery(url, queryOf(target.queryNames, all, extra)),
            headers: auth,
            ...(takesBody ? { payload: '{}', headers: { ...auth, 'content-type': 'application/json' } } : {}),
          };
        }),
      weight: 3,
    });
  }

  if (takesBody && !target.upload) {
    kinds.push({
      arbitrary: fc.tuple(badJsonBodies(target.body), language).map(([{ fault, payload }, lang]) => ({
        fault,
        method,
        url,
        headers: { ...auth, 'content-type': 'application/json', 'accept-language': lang },
        payload,
      })),
      weight: 4,
    });
  }

  if (takesBody) {
    kinds.push({
      arbitrary: fc
        .constantFrom(
          'text/plain',
          'application/xml',
          'application/x-www-form-urlencoded',
          'application/jsonx',
          'text/json',
          'image/png',
          ...(target.upload ? ['application/json'] : ['multipart/form-data; boundary=x']),
        )
        .map((contentType) => ({
          fault: `content type ${contentType}`,
          method,
          url,
          headers: { ...auth, 'content-type': contentType },
          payload: target.upload ? '{"file":"x"}' : 'names=x&version=1',
        })),
      weight: 2,
    });
  }

  if (takesBody && !target.upload) {
    // Headers that contradict the body: its length, its encoding, its character set.
    kinds.push({
      arbitrary: fc
        .constantFrom<Record<string, string>>(
          { 'content-type': 'application/json', 'content-length': '1' },
          { 'content-type': 'application/json', 'content-length': '-5' },
          { 'content-type': 'application/json', 'content-length': 'abc' },
          { 'content-type': 'application/json', 'content-encoding': 'gzip' },
          { 'content-type': 'application/json; charset=utf-16' },
          { 'content-type': 'application/json; charset=latin1' },
          { 'content-type': 'application/json; boundary=x; charset="' },
        )
        .map((headers) => ({
          fault: `header ${Object.entries(headers).at(-1)!.join(': ')}`,
          method,
          url,
          headers: { ...auth, ...headers },
          payload: '{"x":1}',
        })),
      weight: 1,
    });
  }

  if (target.path === '/api/login') {
    // Well-formed logins with hostile names and passwords: refused as any failed login (and counted).
    kinds.push({
      arbitrary: fc.tuple(hostileText, hostileText).map(([login, password]) => ({
        fault: 'login with hostile text',
        method,
        url,
        headers: { ...auth, 'content-type': 'application/json' },
        payload: JSON.stringify({ login: login || 'x', password: password || 'x' }),
      })),
      weight: 1,
    });
  }

  if (target.upload) {
    kinds.push({
      arbitrary: brokenMultipart.map(({ fault, contentType, payload }) => ({
        fault,
        method,
        url,
        headers: { ...auth, 'content-type': contentType },
        payload,
      })),
      weight: 4,
    });
  }

  if (token || method !== 'GET') {
    kinds.push({
      arbitrary: badCredentials(token).map((credentials) => ({
        fault: `credentials ${Object.keys(credentials)[0]}`,
        method,
        url,
        headers: credentials,
      })),
      weight: 2,
    });
  }

  const odd = ODD_METHODS.filter((m) => !target.pathMethods.includes(m));
  if (odd.length > 0) {
    kinds.push({
      arbitrary: fc.constantFrom(...odd).map((oddMethod) => ({
        fault: `method ${oddMethod}`,
        method: oddMethod,
        url,
        headers: auth,
      })),
      weight: 1,
    });
  }

  return fc.oneof(...kinds);
};
