import { Anchor, Button, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { OAUTH_SESSION_STORAGE_KEY, loginRequestSchema, safeRedirectTarget, type LoginRequest } from '@nubes/domain';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from '../routing';
import { startOauth } from '../api/auth';
import { isApiError } from '../api/client';
import { notifyError } from '../api/notify';
import { rememberSsoTarget } from '../auth/loginTarget';
import { useSession } from '../auth/SessionProvider';
import { useZodForm } from '../forms/useZodForm';
import { messageKeyOr } from '../i18n/messageKey';
import type { TFunction } from 'i18next';
import './login.css';

/**
 * Decided by the error shape's code (ADR 19): `unauthorized` is a failed login; `too_many_requests`
 * carries the server's (localized) throttling message.
 */
const reportLoginError = (error: unknown, t: TFunction) => {
  if (isApiError(error) && error.code === 'unauthorized') {
    notifyError(t('notifications.loginFailed'), t('notifications.loginFailedText'));
  } else if (isApiError(error) && error.code === 'too_many_requests') {
    notifyError(t('notifications.loginFailed'), error.message);
  } else {
    console.error('Login failed', error);
    notifyError(t('notifications.somethingWentWrong'), t('notifications.tryAgain'));
  }
};

/** Federated login: the IdP round trip starts here and ends on /login-oauth/oidc. */
const AaiLogin = ({ target }: { target: string }) => {
  const { t } = useTranslation();
  const starting = useMutation({
    mutationFn: () => startOauth(window.location.origin),
    onSuccess: ({ session, next_url }) => {
      window.localStorage.setItem(OAUTH_SESSION_STORAGE_KEY, session);
      rememberSsoTarget(target);
      window.location.assign(next_url);
    },
    onError: (error) => {
      console.error('Single sign-on could not start', error);
      notifyError(t('notifications.somethingWentWrong'), t('notifications.tryAgain'));
    },
  });

  return (
    <Paper withBorder shadow="sm" p="xl" component="section" aria-labelledby="login-aai" className="login-aai">
      <Title order={2} id="login-aai" size="h3">
        {t('login.aaiHeading')}
      </Title>
      <Text mt="xs">{t('login.aaiText')}</Text>
      <Button
        mt="lg"
        size="lg"
        fullWidth
        onClick={() => starting.mutate()}
        loading={starting.isPending || starting.isSuccess}
      >
        {t('login.aaiButton')}
      </Button>
    </Paper>
  );
};

/** Direct login, for portal administrators only. */
const AdminLogin = ({ target }: { target: string }) => {
  const { t } = useTranslation();
  const { store } = useSession();
  const navigate = useNavigate();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useZodForm(loginRequestSchema, {
    defaultValues: { login: '', password: '' },
    // Its inputs are registered with their refs, so the library's own focus finds the first problem.
    shouldFocusError: true,
  });

  const onSubmit = async (values: LoginRequest) => {
    try {
      await store.loginWithPassword(values.login, values.password);
      navigate(target, { replace: true });
    } catch (error) {
      reportLoginError(error, t);
    }
  };

  const message = (key: string | undefined) => (key ? t(messageKeyOr(key, 'validation.invalid')) : undefined);

  return (
    <section aria-labelledby="login-admin" className="login-admin">
      <Title order={2} id="login-admin" size="h5">
        {t('login.adminHeading')}
      </Title>
      <Text size="sm" mt={4}>
        {t('login.adminText')}
      </Text>
      <form noValidate aria-labelledby="login-admin" onSubmit={(event) => void handleSubmit(onSubmit)(event)}>
        <Stack mt="md" gap="sm">
          <TextInput
            size="sm"
            label={t('login.username')}
            autoComplete="username"
            required
            error={message(errors.login?.message)}
            {...register('login')}
          />
          <TextInput
            type="password"
            label={t('login.password')}
            autoComplete="current-password"
            required
            error={message(errors.password?.message)}
            {...register('password')}
          />
          <Button type="submit" variant="default" loading={isSubmitting} style={{ alignSelf: 'flex-start' }}>
            {t('login.submit')}
          </Button>
        </Stack>
      </form>
    </section>
  );
};

/**
 * /login: the federated AAI is the one big action, since nearly everyone logs in there; the
 * administrators' direct form sits under it, small, with a plain button. One verb throughout: "Log
 * in" (docs/adr/0086-public-pages-audit.md). Back to the redirect target afterwards.
 */
export const LoginPage = () => {
  const { t } = useTranslation();
  const { session } = useSession();
  const [params] = useSearchParams();
  const target = safeRedirectTarget(params.get('redirect'));

  return (
    <>
      <Title order={1}>{t('login.title')}</Title>
      {session ? (
        <Stack mt="md" gap="sm" align="flex-start">
          <Text>{t('login.alreadyLoggedIn', { fullname: session.fullname })}</Text>
          <Anchor component={Link} to={target}>
            {target === '/' ? t('page.backHome') : t('login.continue')}
          </Anchor>
        </Stack>
      ) : (
        <div className="login-choices">
          <AaiLogin target={target} />
          <AdminLogin target={target} />
        </div>
      )}
    </>
  );
};
