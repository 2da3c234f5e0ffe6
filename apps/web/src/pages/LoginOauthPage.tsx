import { Text, Title } from '@mantine/core';
import { OAUTH_SESSION_STORAGE_KEY, routePath } from '@nubes/domain';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from '../routing';
import { finishOauth } from '../api/auth';
import { isApiError } from '../api/client';
import { notifyError } from '../api/notify';
import { takeSsoTarget } from '../auth/loginTarget';
import { useSession } from '../auth/SessionProvider';
import type { SessionStore } from '../auth/sessionStore';
import { PageLoader } from '../components/PageLoader';

/**
 * An authorization code is good for one exchange only, so each return is finished once even if
 * React runs the effect twice (StrictMode) or the page re-renders.
 */
const exchanges = new Map<string, Promise<string>>();

const finishSingleSignOn = (store: SessionStore, params: URLSearchParams): Promise<string> => {
  const key = params.toString();
  let exchange = exchanges.get(key);
  if (!exchange) {
    exchange = (async () => {
      const session = window.localStorage.getItem(OAUTH_SESSION_STORAGE_KEY);
      window.localStorage.removeItem(OAUTH_SESSION_STORAGE_KEY);
      const code = params.get('code');
      const state = params.get('state');
      const iss = params.get('iss');
      if (params.get('error') || !code || !state || !session) {
        throw new Error(`Single sign-on returned without a usable answer (${params.get('error') ?? 'missing data'})`);
      }
      await finishOauth({
        qs: { code, state, ...(iss ? { iss } : {}) },
        session,
        publicUrl: window.location.origin,
      });
      await store.startSession();
      return takeSsoTarget();
    })();
    exchanges.set(key, exchange);
  }
  return exchange;
};

/** /login-oauth/oidc: the IdP sends the browser back here; trade code and state for our token. */
export const LoginOauthPage = () => {
  const { t } = useTranslation();
  const { store } = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();

  useEffect(() => {
    let active = true;
    finishSingleSignOn(store, params).then(
      (target) => {
        if (active) navigate(target, { replace: true });
      },
      (error: unknown) => {
        if (!active) return;
        console.error('Single sign-on failed', error);
        // A refusal of the person (403: marked gone, docs/adr/0123-people-who-leave.md) says why in
        // the server's words; trying again would not help.
        notifyError(
          t('notifications.loginFailed'),
          isApiError(error) && error.status === 403 ? error.message : t('notifications.aaiLoginFailedText'),
        );
        navigate(routePath('login'), { replace: true });
      },
    );
    return () => {
      active = false;
    };
  }, [store, params, navigate, t]);

  return (
    <>
      <Title order={1}>{t('routes.loginOauth')}</Title>
      <Text mt="md">{t('login.finishing')}</Text>
      <PageLoader />
    </>
  );
};
