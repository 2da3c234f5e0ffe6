import { Alert, Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import {
  INSTRUCTION_DOCUMENT_IDS,
  INSTRUCTION_DOCUMENTS,
  instructionPdfFor,
  offersRoute,
  routePath,
  routeTitleKey,
  type MessageKey,
  type RouteId,
} from '@nubes/domain';
import { lazy, Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '../routing';
import { useSession } from '../auth/SessionProvider';
import { principalOf } from '../auth/principal';
import { ExternalLink } from '../components/ExternalLink';
import { PageLoader } from '../components/PageLoader';
import { RequestAccessButton } from '../components/request-access/RequestAccessButton';
import { usePublicConfig } from '../config/publicConfig';
import { currentLanguage } from '../i18n/i18n';
import { interpolateElements } from '../i18n/interpolateElements';
import { ScreenMessages } from '../i18n/ScreenMessages';

// Only logged-in people see it: its code and the screens' texts load then (ADR 0026, docs/adr/0041-dashboard.md).
const Dashboard = lazy(() => import('../features/dashboard/Dashboard').then((m) => ({ default: m.Dashboard })));

/**
 * A module's screen as a link for users who may open it once it is built (ADR 21); for everyone
 * else the same words as plain text, so nobody is sent to a form that fails on save.
 */
const ModuleLink = ({ route, children }: { route: RouteId; children: ReactNode }) => {
  const { session } = useSession();
  return offersRoute(principalOf(session), route) ? (
    <Anchor component={Link} to={routePath(route)}>
      {children}
    </Anchor>
  ) : (
    <span>{children}</span>
  );
};

/** The start page's help: the instruction pages with their PDFs, and the helpdesk. */
const HomeHelp = () => {
  const { t } = useTranslation();
  const config = usePublicConfig();
  const language = currentLanguage();
  return (
    <>
      <section aria-labelledby="home-instructions">
        <Title order={2} id="home-instructions">
          {t('instructionLinks.heading')}
        </Title>
        <ul className="inline-list">
          {INSTRUCTION_DOCUMENT_IDS.map((id) => {
            const title = t(routeTitleKey(INSTRUCTION_DOCUMENTS[id].route)!);
            return (
              <li key={id}>
                <Anchor component={Link} to={routePath(INSTRUCTION_DOCUMENTS[id].route)}>
                  {title}
                </Anchor>
                {/* A separator, not brackets: the link ends in a hidden "opens in a new tab" after a space. */}
                <span aria-hidden="true"> · </span>
                <ExternalLink href={instructionPdfFor(config.instructions[id], language)}>
                  <span aria-hidden="true">{t('instructionLinks.pdf')}</span>
                  <span className="visually-hidden">{t('instructionLinks.pdfOf', { title })}</span>
                </ExternalLink>
              </li>
            );
          })}
        </ul>
      </section>
      <Text>
        {interpolateElements(t, 'home.helpText', {
          instruction: (
            <ExternalLink href={instructionPdfFor(config.instructions.servicePortfolio, language)}>
              {t('home.instruction')}
            </ExternalLink>
          ),
          helpdesk: <Anchor href={config.links.helpdesk}>{t('home.helpdesk')}</Anchor>,
        })}
      </Text>
    </>
  );
};

/** What a logged-in person may start from the home: the spec's New Application, New VO Application and My VOs, as far as their roles offer them. */
const START_ROUTES = [
  ['serviceApplication', 'home.newApplication'],
  ['voApplication', 'home.newVoApplication'],
  ['myVos', 'home.myVos'],
] as const satisfies readonly (readonly [RouteId, MessageKey])[];

/**
 * The logged-in home: the person's work under one heading (the welcome bar greets them already),
 * what they may start, and help. Someone without a role is told so and may ask for access.
 */
const WorkHome = () => {
  const { t } = useTranslation();
  const { session } = useSession();
  const { productName } = usePublicConfig();
  const principal = principalOf(session);
  const starts = START_ROUTES.filter(([route]) => offersRoute(principal, route));
  return (
    <Stack gap="lg">
      <Title order={1}>{t('home.workTitle')}</Title>
      {session && session.roles.length === 0 && (
        <Alert variant="light" color="blue" title={t('page.noRoleTitle', { name: productName })}>
          <Text>{t('page.noRoleText')}</Text>
          <RequestAccessButton mt="sm" />
        </Alert>
      )}
      {starts.length > 0 && (
        <nav aria-label={t('home.startHeading')}>
          <Group gap="sm">
            {starts.map(([route, label], index) => (
              <Button key={route} component={Link} to={routePath(route)} variant={index === 0 ? 'filled' : 'default'}>
                {t(label)}
              </Button>
            ))}
          </Group>
        </nav>
      )}
      <Suspense fallback={<PageLoader />}>
        <ScreenMessages />
        <Dashboard />
      </Suspense>
      <HomeHelp />
    </Stack>
  );
};

/**
 * The start page: logged out, welcome, the modules, instructions and helpdesk; logged in, the
 * person's work (WorkHome) instead of the brochure.
 */
export const HomePage = () => {
  const { t } = useTranslation();
  const { isLoggedIn } = useSession();
  const config = usePublicConfig();
  const name = config.productName;

  if (isLoggedIn) return <WorkHome />;
  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>{t('home.title', { name })}</Title>
        <Text mt="sm" size="lg">
          {t('home.intro', { name })}
        </Text>
      </div>

      <section aria-labelledby="home-modules">
        <Title order={2} id="home-modules">
          {t('home.modulesHeading')}
        </Title>

        <Title order={3} mt="md">
          {t('home.publicModulesHeading')}
        </Title>
        <ul className="inline-list">
          <li>
            <Anchor component={Link} to={routePath('publicServicePortfolio')}>
              {t('home.publicPortfolio')}
            </Anchor>
          </li>
        </ul>

        <Title order={3} mt="md">
          {t('home.restrictedModulesHeading')}
        </Title>
        <Text mt="xs">{t('home.loginHint')}</Text>
        <ul className="inline-list">
          <li>
            {interpolateElements(t, 'home.onboardingModule', {
              newApplication: <ModuleLink route="serviceApplication">{t('home.newApplication')}</ModuleLink>,
            })}
          </li>
          <li>{t('home.management')}</li>
          <li>{t('home.contacts')}</li>
          <li>
            {interpolateElements(t, 'home.vosModule', {
              newVoApplication: <ModuleLink route="voApplication">{t('home.newVoApplication')}</ModuleLink>,
              myVos: <ModuleLink route="myVos">{t('home.myVos')}</ModuleLink>,
            })}
          </li>
        </ul>
      </section>

      <HomeHelp />
    </Stack>
  );
};
