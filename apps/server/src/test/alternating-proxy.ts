import { Agent, createServer, request as forward, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the proxy passed on: which upstream answered it, and how. */
export interface ProxiedRequest {
  /** The upstream's index in the list the proxy was started with. */
  instance: number;
  method: string;
  url: string;
  status: number;
  /** It carried a bearer token or the auth cookie: a request of a logged-in session. */
  authenticated: boolean;
}

export interface AlternatingProxy {
  /** The public address, as PUBLIC_URL names it. */
  url: string;
  /** Every request so far, in the order the answers came back. */
  readonly answered: readonly ProxiedRequest[];
  close(): Promise<void>;
}

/** Headers that belong to one connection and are never passed on (RFC 9110, section 7.6.1). */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

const withoutHopByHop = (headers: IncomingHttpHeaders): IncomingHttpHeaders => {
  const named = new Set(
    String(headers.connection ?? '')
      .split(',')
      .map((name) => name.trim().toLowerCase()),
  );
  return Object.fromEntries(
    Object.entries(headers).filter(([name]) => !HOP_BY_HOP.has(name) && !named.has(name)),
  ) as IncomingHttpHeaders;
};

/**
 * A reverse proxy for tests of several instances: each request goes to the next upstream in turn,
 * whatever connection or session it belongs to, so consecutive steps of one login or one page land
 * on different instances. It forwards as nginx's usual configuration does: the public Host kept,
 * X-Forwarded-For appended to, X-Forwarded-Proto and X-Forwarded-Host set.
 */
export const startAlternatingProxy = async (upstreams: readonly string[], port = 0): Promise<AlternatingProxy> => {
  const agent = new Agent({ keepAlive: true });
  const answered: ProxiedRequest[] = [];
  let next = 0;

  const server = createServer((incoming, outgoing) => {
    const instance = next++ % upstreams.length;
    const target = new URL(incoming.url ?? '/', upstreams[instance]);
    const headers = withoutHopByHop(incoming.headers);
    const client = incoming.socket.remoteAddress ?? '';
    const forwardedFor = incoming.headers['x-forwarded-for'];
    headers['x-forwarded-for'] = forwardedFor ? `${String(forwardedFor)}, ${client}` : client;
    headers['x-forwarded-proto'] = 'http';
    headers['x-forwarded-host'] = incoming.headers.host ?? '';
    const record = (status: number) =>
      answered.push({
        instance,
        method: incoming.method ?? 'GET',
        url: incoming.url ?? '/',
        status,
        authenticated:
          /^bearer /i.test(incoming.headers.authorization ?? '') ||
          /(^|;\s*)auth=[^;]/.test(incoming.headers.cookie ?? ''),
      });

    const upstream = forward(target, { method: incoming.method, headers, agent }, (response) => {
      record(response.statusCode ?? 0);
      outgoing.writeHead(response.statusCode ?? 502, withoutHopByHop(response.headers));
      response.pipe(outgoing);
    });
    upstream.on('error', () => {
      record(502);
      if (!outgoing.headersSent) outgoing.writeHead(502).end();
      else outgoing.destroy();
    });
    incoming.pipe(upstream);
  });

  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: listening } = server.address() as AddressInfo;
  return {
    // localhost, not 127.0.0.1: what a browser's address bar and PUBLIC_URL would say.
    url: `http://localhost:${listening}`,
    answered,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      agent.destroy();
    },
  };
};
