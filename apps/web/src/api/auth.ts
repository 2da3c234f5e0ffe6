import { OIDC_PROVIDER_ID, type LoginRequest, type SessionStatus } from '@nubes/domain';
import { apiRequest } from './client';

/**
 * The login and session calls (ADR 0003, 0078), typed. The server answers a login with the
 * HttpOnly auth cookie; the token in the body is for API clients, the web app never reads it.
 * Login calls are anonymous: a 401 there is a failed login, not a lost session.
 */

export interface OAuthStart {
  session: string;
  next_url: string;
}

const postLogin = async (body: LoginRequest): Promise<void> => {
  await apiRequest('/api/login', { method: 'POST', body, auth: 'none' });
};

export const startOauth = (publicUrl: string): Promise<OAuthStart> =>
  apiRequest<OAuthStart>(`/api/login-oauth?provider=${OIDC_PROVIDER_ID}&publicUrl=${encodeURIComponent(publicUrl)}`, {
    auth: 'none',
  });

export const finishOauth = async (body: {
  qs: { code: string; state: string; iss?: string };
  session: string;
  publicUrl: string;
}): Promise<void> => {
  await apiRequest('/api/login-oauth', {
    method: 'POST',
    body: { provider: OIDC_PROVIDER_ID, ...body },
    auth: 'none',
  });
};

/** The login status: who the cookie's session belongs to, and until when. */
const fetchStatus = (): Promise<SessionStatus> => apiRequest<SessionStatus>('/api/session');

const renewSession = async (): Promise<void> => {
  await apiRequest('/api/login-renew', { method: 'POST' });
};

/** Ends the session on the server and clears its cookie; anonymous, so a lost session is no error here. */
const logout = async (): Promise<void> => {
  await apiRequest('/api/logout', { method: 'POST', auth: 'none' });
};

export interface AuthApi {
  postLogin: typeof postLogin;
  fetchStatus: typeof fetchStatus;
  renewSession: typeof renewSession;
  logout: typeof logout;
}

export const authApi: AuthApi = { postLogin, fetchStatus, renewSession, logout };
