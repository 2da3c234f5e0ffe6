import { routePath, safeRedirectTarget } from '@nubes/domain';

/** The login page address that brings the user back to `target` (full path with query) afterwards. */
export const loginPath = (target?: string | null): string => {
  const login = routePath('login');
  if (!target || target === routePath('home') || target.startsWith(login)) return login;
  return `${login}?redirect=${encodeURIComponent(target)}`;
};

/** Where single sign-on returns to after the round trip through the IdP. */
const SSO_REDIRECT_KEY = 'nubes.loginRedirect';

export const rememberSsoTarget = (target: string): void => {
  try {
    window.sessionStorage.setItem(SSO_REDIRECT_KEY, safeRedirectTarget(target));
  } catch {
    // Without sessionStorage the user lands on the start page after SSO.
  }
};

export const takeSsoTarget = (): string => {
  try {
    const target = window.sessionStorage.getItem(SSO_REDIRECT_KEY);
    window.sessionStorage.removeItem(SSO_REDIRECT_KEY);
    return safeRedirectTarget(target);
  } catch {
    return '/';
  }
};
