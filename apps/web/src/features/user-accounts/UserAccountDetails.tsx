import { Anchor, Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { can, formatDateTime, routePath, type UserAccount } from '@nubes/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/client';
import { principalOf } from '../../auth/principal';
import { useSession } from '../../auth/SessionProvider';
import { PageLoader } from '../../components/PageLoader';
import { Link } from '../../routing';
import { fetchUserAccount, userAccountKeys } from './api';
import { EndSessionsButton } from './EndSessionsButton';
import { GonePanel } from './GonePanel';
import { RoleBadges } from './RoleBadges';
import { UserAccountEvents } from './UserAccountEvents';
import { UserRolesForm } from './UserRolesForm';
import { SectionPanel } from '../../components/SectionPanel';

const Field = ({ label, children }: { label: string; children: ReactNode }) => (
  <div>
    <Text size="sm" c="dimmed">
      {label}
    </Text>
    <Text component="div" style={{ overflowWrap: 'anywhere' }}>
      {children}
    </Text>
  </div>
);

const Details = ({ account }: { account: UserAccount }) => {
  const { t } = useTranslation();
  const { session } = useSession();
  const queryClient = useQueryClient();
  const none = t('userAccounts.details.none');
  return (
    <Stack gap="lg">
      <Paper withBorder p="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Field label={t('userAccounts.details.fullname')}>{account.fullname || none}</Field>
          <Field label={t('userAccounts.details.username')}>{account.username}</Field>
          <Field label={t('userAccounts.details.email')}>{account.email || none}</Field>
          <Field label={t('userAccounts.details.internalId')}>{account.internalId ?? none}</Field>
          <Field label={t('userAccounts.details.institution')}>
            {account.institution ? `${account.institution.name} (${account.institution.abbreviation})` : none}
          </Field>
          <Field label={t('userAccounts.details.organisation')}>{account.organisation ?? none}</Field>
          <Field label={t('contacts.linkedContact')}>
            {account.contact ? (
              <Anchor component={Link} to={`${routePath('contactDatabase')}?contact=${account.contact.id}`}>
                {account.contact.lastname}, {account.contact.firstname}
              </Anchor>
            ) : (
              t('contacts.noLinkedContact')
            )}
          </Field>
          <Field label={t('userAccounts.details.lastLoginAt')}>
            {account.lastLoginAt ? formatDateTime(account.lastLoginAt) : t('userAccounts.details.never')}
          </Field>
        </SimpleGrid>
      </Paper>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <SectionPanel id="portal-roles" title={t('userAccounts.details.portalRoles')}>
          <RoleBadges roles={account.roles} />
        </SectionPanel>
        <SectionPanel id="idp-roles" title={t('userAccounts.details.idpRoles')}>
          <RoleBadges roles={account.entitlementRoles} fromIdp />
        </SectionPanel>
      </SimpleGrid>
      <SectionPanel id="user-groups" title={t('userAccounts.details.groups')}>
        {account.groups.length === 0 ? (
          <Text size="sm" c="dimmed">
            {none}
          </Text>
        ) : (
          <ul className="inline-list">
            {account.groups.map((group) => (
              <li key={group.id}>
                <Text span fw={600}>
                  {group.name}
                </Text>{' '}
                <Text span size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {t('userAccounts.details.groupId', { id: group.id })}
                </Text>
              </li>
            ))}
          </ul>
        )}
      </SectionPanel>
      {account.canManageRoles && (
        <Paper withBorder p="md">
          <UserRolesForm key={account.id} account={account} />
        </Paper>
      )}
      {(account.canMarkGone || account.gone) && (
        <Paper withBorder p="md">
          <GonePanel
            account={account}
            onChanged={() => void queryClient.invalidateQueries({ queryKey: userAccountKeys.detail(account.id) })}
          />
        </Paper>
      )}
      {can(principalOf(session), 'user.endSessions') && (
        <Paper withBorder p="md">
          <EndSessionsButton
            account={account}
            onEnded={() => void queryClient.invalidateQueries({ queryKey: userAccountKeys.detail(account.id) })}
          />
        </Paper>
      )}
      <section aria-labelledby="user-events">
        <Title order={2} size="h4" id="user-events" mb="xs">
          {t('userAccounts.details.events')}
        </Title>
        <UserAccountEvents events={account.events} caption={t('userAccounts.details.events')} />
      </section>
    </Stack>
  );
};

/** One user account: everything held about it, its two kinds of roles apart, groups and audit events. */
export const UserAccountDetails = ({ id, backHref }: { id: string; backHref: string }) => {
  const { t } = useTranslation();
  const account = useQuery({
    queryKey: userAccountKeys.detail(id),
    queryFn: ({ signal }) => fetchUserAccount(id, signal),
  });
  const name = account.data ? account.data.fullname || account.data.username : '';
  return (
    <Stack gap="lg">
      <Anchor component={Link} to={backHref}>
        {t('userAccounts.details.back')}
      </Anchor>
      {account.data ? (
        <>
          <Group gap="sm" align="center">
            <Title order={1}>{t('userAccounts.details.title', { name })}</Title>
            {account.data.gone && (
              <Badge color="red" variant="light" size="lg">
                {t('userAccounts.gone.badge')}
              </Badge>
            )}
          </Group>
          <Details account={account.data} />
        </>
      ) : account.isError ? (
        <Paper withBorder p="md" role="alert">
          <Text fw={600}>
            {isApiError(account.error) && account.error.status === 404
              ? t('userAccounts.details.notFound')
              : t('portfolio.loadFailed')}
          </Text>
        </Paper>
      ) : (
        <PageLoader />
      )}
    </Stack>
  );
};
