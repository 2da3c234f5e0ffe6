/**
 * A minimal cookie-keeping HTTP client that walks the dev IdP's pages the way a browser does,
 * for API tests of the single sign-on (the Playwright tests do the same in Chromium).
 */
export class SsoBrowser {
  private readonly jar = new Map<string, string>();

  constructor(private readonly baseUrl: string) {}

  async request(url: string | URL, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.jar.size > 0) headers.set('cookie', [...this.jar].map(([k, v]) => `${k}=${v}`).join('; '));
    const response = await fetch(new URL(url, this.baseUrl), { ...init, headers, redirect: 'manual' });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const at = pair.indexOf('=');
      this.jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
    return response;
  }

  /** Follows the IdP from the authorization URL to the portal's return address and gives that URL. */
  async signIn(nextUrl: string, username: string, password: string): Promise<URL> {
    let response = await this.request(nextUrl);
    const loginPage = new URL(response.headers.get('location')!, this.baseUrl);
    response = await this.request(loginPage);
    const html = await response.text();
    const action = /action="([^"]+)"/.exec(html)?.[1];
    if (!action) throw new Error('no login form on the IdP page');
    response = await this.request(action, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username, password }).toString(),
    });
    if (response.status === 401) throw new Error('IdP refused the credentials');
    let location = new URL(response.headers.get('location')!, this.baseUrl);
    while (!location.pathname.startsWith('/login-oauth/')) {
      response = await this.request(location);
      location = new URL(response.headers.get('location')!, this.baseUrl);
    }
    return location;
  }
}
