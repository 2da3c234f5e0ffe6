import { translate, type Language, type MessageKey } from '@nubes/domain';
import { escapeHtml } from '../http/escape-html.js';
import { DEMO_ACCOUNTS } from './accounts.js';

/**
 * The dev IdP's login page: plain HTML, no script, so it runs under the portal's CSP. On a phone
 * each demo account is two lines (username and name, then the roles) instead of a table row wider
 * than the screen.
 */
export const renderLoginPage = (options: { uid: string; language: Language; error?: boolean; username?: string }) => {
  const t = (key: MessageKey, params?: Record<string, string>) => escapeHtml(translate(options.language, key, params));
  const rows = DEMO_ACCOUNTS.map(
    (a) =>
      `<tr><td>${escapeHtml(a.username)}</td><td>${escapeHtml(a.name)}</td><td>${
        a.roles.length ? a.roles.map((role) => t(`userAccounts.roles.${role}`)).join(', ') : t('devIdp.noRole')
      }</td></tr>`,
  ).join('');
  const action = `/dev-idp/interaction/${encodeURIComponent(options.uid)}/login`;
  return `<!doctype html>
<html lang="${options.language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${t('devIdp.title')}</title>
<style>
body{font-family:system-ui,sans-serif;margin:0;color:#1a1b1e;background:#f8f9fa}
main{max-width:40rem;margin:2rem auto;padding:1.5rem;background:#fff;border:1px solid #ced4da;border-radius:8px}
@media (max-width:36em){main{margin:0;padding:1rem;border:0;border-radius:0}
thead{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%)}
table,tbody{display:block}tr{display:block;padding:.4rem 0;border-bottom:1px solid #dee2e6}table td{display:inline;border:0;padding:0 .5rem 0 0}
table td:first-child{font-weight:600}table td:last-child{display:block;color:#495057}}
label{display:block;margin-top:.75rem;font-weight:600}
input{font:inherit;padding:.4rem;width:100%;box-sizing:border-box;border:1px solid #495057;border-radius:4px}
button{margin-top:1rem;font:inherit;padding:.5rem 1rem;background:#1864ab;color:#fff;border:0;border-radius:4px;cursor:pointer}
:focus-visible{outline:3px solid #d9480f;outline-offset:2px}
table{border-collapse:collapse;margin-top:1rem;width:100%}th,td{text-align:left;vertical-align:top;padding:.25rem .5rem;border-bottom:1px solid #dee2e6;overflow-wrap:break-word}
.error{color:#c92a2a;font-weight:600}
</style>
</head>
<body>
<main>
<h1>${t('devIdp.title')}</h1>
<p>${t('devIdp.intro')}</p>
${options.error ? `<p class="error" role="alert">${t('devIdp.failed')}</p>` : ''}
<form method="post" action="${action}">
<label for="username">${t('devIdp.username')}</label>
<input id="username" name="username" autocomplete="username" required value="${escapeHtml(options.username ?? '')}">
<label for="password">${t('devIdp.password')}</label>
<input id="password" name="password" type="password" autocomplete="current-password" required>
<button type="submit">${t('devIdp.submit')}</button>
</form>
<h2>${t('devIdp.accounts')}</h2>
<table>
<thead><tr><th scope="col">${t('devIdp.username')}</th><th scope="col">${t('devIdp.name')}</th><th scope="col">${t('devIdp.roles')}</th></tr></thead>
<tbody>${rows}</tbody>
</table>
</main>
</body>
</html>`;
};
