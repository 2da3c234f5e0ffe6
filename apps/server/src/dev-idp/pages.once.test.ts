import { describe, expect, it } from 'vitest';
import { renderLoginPage } from './pages.js';

describe('the development identity provider’s login page', () => {
  it('names each demo account’s roles in the page’s language', () => {
    const english = renderLoginPage({ uid: 'abc', language: 'en' });
    expect(english).toContain('<td>paula</td><td>Paula Peters</td><td>Service portfolio manager</td>');
    expect(english).toContain('<td>nora</td><td>Nora Neumann</td><td>no role</td>');
    const german = renderLoginPage({ uid: 'abc', language: 'de' });
    expect(german).toContain('<html lang="de">');
    expect(german).toContain('<td>paula</td><td>Paula Peters</td><td>Service-Portfoliomanagement</td>');
    expect(german).not.toContain('servicePortfolioManager');
  });

  it('keeps what was typed, escaped, after a failed sign-in', () => {
    const page = renderLoginPage({ uid: 'a"b', language: 'en', error: true, username: '<x>"' });
    expect(page).toContain('role="alert">Unknown user or wrong password.');
    expect(page).toContain('value="&lt;x&gt;&quot;"');
    expect(page).toContain('action="/dev-idp/interaction/a%22b/login"');
  });
});
