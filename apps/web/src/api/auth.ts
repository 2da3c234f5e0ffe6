import { OIDC_PROVIDER_ID, type LoginRequest, type User } from '@nubes/domain';
import { apiRequest } from './client';

/** The five login and session calls (ADR 0003), typed. Login calls are anonymous: a 401 there is a failed login, not a lost session. */

interface TokenResponse {
  token: string;
}

export interface OAuthStart {
  session: string;
  next_url: string;
}

const postLogin = async (body: LoginRequest): Promise<string> =>
  (await apiRequest<TokenResponse>('/api/login', { method: 'POST', body, auth: 'none' })).token;

export const startOauth = (publicUrl: string): Promise<OAuthStart> =>
  apiRequest<OAuthStart>(`/api/login-oauth?provider=${OIDC_PROVIDER_ID}&publicUrl=${encodeURIComponent(publicUrl)}`, {
    auth: 'none',
  });

export const finishOauth = async (body: {
  qs: { code: string; state: string; iss?: string };
  session: string;
  publicUrl: string;
}): Promise<string> =>
  (
    await apiRequest<TokenResponse>('/api/login-oauth', {
      method: 'POST',
      body: { provider: OIDC_PROVIDER_ID, ...body },
      auth: 'none',
    })
  ).token;

/** During login the session does not exist yet, so the fresh token is passed explicitly. */
const fetchUser = (username: string, token: string): Promise<User> =>
  apiRequest<User>(`/api/users/${encodeURIComponent(username)}`, { auth: { token } });

const renewToken = async (): Promise<string> =>
  (await apiRequest<TokenResponse>('/api/login-renew', { method: 'POST' })).token;

export interface AuthApi {
  postLogin: typeof postLogin;
  fetchUser: typeof fetchUser;
  renewToken: typeof renewToken;
}

export const authApi: AuthApi = { postLogin, fetchUser, renewToken };
