// Single sign-on at the portal's built-in dev IdP without a browser, for the server's API tests and
// the benchmarks (bench/lib.mjs): the same walk the browser tests make in Chromium.

/** A minimal cookie-keeping HTTP client that walks the dev IdP's pages the way a browser does. */
export class SsoBrowser {
  #jar = new Map();
  #baseUrl;

  constructor(baseUrl) {
    this.#baseUrl = baseUrl;
  }

  async request(url, init = {}) {
    const headers = new Headers(init.headers);
    if (this.#jar.size > 0) headers.set('cookie', [...this.#jar].map(([k, v]) => `${k}=${v}`).join('; '));
    const response = await fetch(new URL(url, this.#baseUrl), { ...init, headers, redirect: 'manual' });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const at = pair.indexOf('=');
      this.#jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
    return response;
  }

  /** Follows the IdP from the authorization URL to the portal's return address and gives that URL. */
  async signIn(nextUrl, username, password) {
    let response = await this.request(nextUrl);
    response = await this.request(new URL(response.headers.get('location') ?? '/', this.#baseUrl));
    const action = /action="([^"]+)"/.exec(await response.text())?.[1];
    if (!action) throw new Error('no login form on the dev IdP page');
    response = await this.request(action.replaceAll('&amp;', '&'), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username, password }).toString(),
    });
    if (response.status === 401) throw new Error('the dev IdP refused the credentials');
    let location = new URL(response.headers.get('location') ?? '/', this.#baseUrl);
    for (let hops = 0; !location.pathname.startsWith('/login-oauth/'); hops += 1) {
      if (hops > 10) throw new Error('the dev IdP did not return to the portal');
      response = await this.request(location);
      location = new URL(response.headers.get('location') ?? '/', this.#baseUrl);
    }
    return location;
  }
}

/**
 * Logs `username` in through single sign-on at the dev IdP (password = username): the API's
 * login-oauth start, the IdP's pages with their cookies, the return address, then POST
 * /api/login-oauth. Answers the portal's token; throws unless the portal answered 200 with one.
 * `baseUrl` must be the portal's public URL (http://localhost:<port> when PUBLIC_URL is unset).
 */
export const ssoLogin = async (baseUrl, username, password = username) => {
  const started = await fetch(
    new URL(`/api/login-oauth?provider=oidc&publicUrl=${encodeURIComponent(baseUrl)}`, baseUrl),
  );
  if (started.status !== 200) throw new Error(`GET /api/login-oauth answered ${started.status}`);
  const { session, next_url: nextUrl } = await started.json();
  const returned = await new SsoBrowser(baseUrl).signIn(nextUrl, username, password);
  const finished = await fetch(new URL('/api/login-oauth', baseUrl), {
    method: 'POST',
    // The header of the web app's calls: a login without it is refused as a cross-site one (ADR 0078).
    headers: { 'content-type': 'application/json', 'x-requested-with': 'nubes' },
    body: JSON.stringify({
      provider: 'oidc',
      qs: { code: returned.searchParams.get('code'), state: returned.searchParams.get('state') },
      session,
      publicUrl: baseUrl,
    }),
  });
  const body = await finished.json().catch(() => ({}));
  if (finished.status !== 200 || typeof body.token !== 'string')
    throw new Error(`POST /api/login-oauth as ${username} answered ${finished.status}`);
  return body.token;
};
