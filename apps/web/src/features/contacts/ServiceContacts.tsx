import { Anchor, Table, Text } from '@mantine/core';
import { routePath } from '@nubes/domain';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from '../../routing';
import { contactKeys, fetchServiceContacts } from './api';
import { SectionPanel } from '../../components/SectionPanel';

/** The contacts related to a service, on its responsibilities tab (for those who may read contacts). */
export const ServiceContacts = ({ serviceId }: { serviceId: string }) => {
  const { t } = useTranslation();
  const contacts = useQuery({
    queryKey: contactKeys.ofService(serviceId),
    queryFn: ({ signal }) => fetchServiceContacts(serviceId, signal),
  });
  const items = contacts.data?.items ?? [];
  return (
    <SectionPanel id="service-contacts" title={t('contacts.serviceContacts')}>
      {contacts.isError ? (
        <Text role="alert">{t('contacts.cannotLoad')}</Text>
      ) : items.length === 0 ? (
        <Text c="dimmed">{contacts.isPending ? '…' : t('contacts.noServiceContacts')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={320}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('contacts.name')}</Table.Th>
                <Table.Th scope="col">{t('contactRelations.role')}</Table.Th>
                <Table.Th scope="col">{t('contacts.email')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((item) => (
                <Table.Tr key={item.relationId}>
                  <Table.Td>
                    <Anchor component={Link} to={`${routePath('contactDatabase')}?contact=${item.contact.id}`}>
                      {item.contact.lastname}, {item.contact.firstname}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{t(`contactRelations.roles.${item.role}`)}</Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{item.contact.email || '—'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </SectionPanel>
  );
};
