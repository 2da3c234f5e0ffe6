import { Anchor, Group, Text } from '@mantine/core';
import { formatDateTime, offersRoute, routePath, type Dashboard } from '@nubes/domain';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../auth/SessionProvider';
import { principalOf } from '../../auth/principal';
import { Link } from '../../routing';

type Glance = NonNullable<Dashboard['contactDatabase']>;

/** The contact database for those who keep it: how much it holds, the latest changed contacts, the way in. */
export const ContactDatabaseGlance = ({ glance }: { glance: Glance }) => {
  const { t } = useTranslation();
  const principal = principalOf(useSession().session);
  const contactLink = (id: string) =>
    `${routePath('contactDatabase')}?${new URLSearchParams({ contact: id }).toString()}`;
  return (
    <>
      <Text size="sm">
        {t('dashboard.contactsCount', { count: glance.contacts })} ·{' '}
        {t('dashboard.institutionsCount', { count: glance.institutions })}
      </Text>
      {glance.recentContacts.length > 0 && (
        <>
          <Text size="sm" fw={600} mt="sm">
            {t('dashboard.recentContacts')}
          </Text>
          <ul className="dashboard-contacts">
            {glance.recentContacts.map((contact) => (
              <li key={contact.id}>
                <Group gap="xs" wrap="wrap">
                  <Anchor component={Link} to={contactLink(contact.id)}>
                    {contact.name}
                  </Anchor>
                  {contact.organisation && <Text span>{contact.organisation}</Text>}
                  <Text span size="sm" c="dimmed">
                    {t('dashboard.changedAt', { when: formatDateTime(contact.updatedAt) })}
                  </Text>
                </Group>
              </li>
            ))}
          </ul>
        </>
      )}
      <Group mt="xs" gap="lg">
        {offersRoute(principal, 'contactDatabase') && (
          <Anchor component={Link} to={routePath('contactDatabase')}>
            {t('dashboard.openContactDatabase')}
          </Anchor>
        )}
        {offersRoute(principal, 'institutions') && (
          <Anchor component={Link} to={routePath('institutions')}>
            {t('dashboard.openInstitutions')}
          </Anchor>
        )}
      </Group>
    </>
  );
};
