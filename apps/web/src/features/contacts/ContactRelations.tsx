import {
  Anchor,
  Button,
  Group,
  NativeSelect,
  Paper,
  Select,
  SegmentedControl,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { contactRolesOf, routePath, type Contact, type ContactRelation, type ContactRelationKind } from '@nubes/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../api/notify';
import { Link } from '../../routing';
import { fetchInstitutions, serviceKeys } from '../../api/services';
import { reportWriteError } from '../../api/writes';
import { addContactRelation, contactKeys, fetchServiceTargets, removeContactRelation } from './api';
import { RowAction } from '../../components/RowAction';

/** What a relation points at, as the lists name it: the service's ID and name, or the institution. */
export const targetName = (relation: ContactRelation) =>
  relation.service
    ? `${relation.service.serviceId} ${relation.service.name}`
    : relation.institution
      ? `${relation.institution.abbreviation} – ${relation.institution.name}`
      : '—';

const TargetLink = ({ relation }: { relation: ContactRelation }) =>
  relation.service ? (
    <Anchor component={Link} to={routePath('service', { id: relation.service.id })}>
      {targetName(relation)}
    </Anchor>
  ) : (
    <Anchor component={Link} to={routePath('institutions', {})}>
      {targetName(relation)}
    </Anchor>
  );

interface Props {
  contact: Contact;
  canManage: boolean;
  onChanged: (contact: Contact) => void;
}

/** The contact's relations with links to their service or institution; add and remove for managers. */
export const ContactRelations = ({ contact, canManage, onChanged }: Props) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const reload = () => void queryClient.invalidateQueries({ queryKey: contactKeys.all });
  const removing = useMutation({
    mutationFn: (relation: ContactRelation) => removeContactRelation(contact.id, relation.id),
    onSuccess: (saved, relation) => {
      onChanged(saved);
      reload();
      notifySuccess(t('contactRelations.removed'), targetName(relation));
    },
    onError: (error) => reportWriteError(error, t('contactRelations.cannotRemove'), t, { onConflict: reload }),
  });

  return (
    <Stack gap="lg">
      {contact.relations.length === 0 ? (
        <Text c="dimmed">{t('contactRelations.none')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={320}>
          <Table striped aria-label={t('contactRelations.relations')}>
            <Table.Thead>
              <Table.Tr>
                {/* On a phone the target's name says enough ("SVC-… name" or an institution). */}
                <Table.Th scope="col" visibleFrom="sm">
                  {t('contactRelations.kind')}
                </Table.Th>
                <Table.Th scope="col">{t('contactRelations.target')}</Table.Th>
                <Table.Th scope="col">{t('contactRelations.role')}</Table.Th>
                {canManage && <Table.Th scope="col">{t('contacts.actions')}</Table.Th>}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {contact.relations.map((relation) => (
                <Table.Tr key={relation.id}>
                  <Table.Td visibleFrom="sm">{t(`contactRelations.${relation.kind}`)}</Table.Td>
                  <Table.Td>
                    <TargetLink relation={relation} />
                  </Table.Td>
                  <Table.Td>{t(`contactRelations.roles.${relation.role as 'owner'}`)}</Table.Td>
                  {canManage && (
                    <Table.Td>
                      <RowAction
                        label={t('contactRelations.remove')}
                        variant="light"
                        color="red"
                        aria-label={t('contactRelations.removeRelation', { name: targetName(relation) })}
                        loading={removing.isPending && removing.variables.id === relation.id}
                        onClick={() => removing.mutate(relation)}
                      />
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {canManage && <AddRelation contact={contact} onAdded={onChanged} />}
    </Stack>
  );
};

const AddRelation = ({ contact, onAdded }: { contact: Contact; onAdded: (contact: Contact) => void }) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [kind, setKind] = useState<ContactRelationKind>('service');
  const [targetId, setTargetId] = useState<string | null>(null);
  const [role, setRole] = useState<string>(contactRolesOf('service')[0]!);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const services = useQuery({
    queryKey: ['contacts', 'service-targets', debounced],
    queryFn: ({ signal }) => fetchServiceTargets(debounced, signal),
    enabled: kind === 'service',
    placeholderData: keepPreviousData,
  });
  const institutions = useQuery({
    queryKey: serviceKeys.institutions,
    queryFn: fetchInstitutions,
    staleTime: 300_000,
    enabled: kind === 'institution',
  });
  const adding = useMutation({
    mutationFn: () => addContactRelation(contact.id, { kind, targetId: targetId!, role }),
    onSuccess: (saved) => {
      onAdded(saved);
      void queryClient.invalidateQueries({ queryKey: contactKeys.all });
      notifySuccess(t('contactRelations.added'), `${contact.lastname}, ${contact.firstname}`);
      setTargetId(null);
      setSearch('');
    },
    onError: (error) => reportWriteError(error, t('contactRelations.cannotAdd'), t),
  });
  const changeKind = (next: ContactRelationKind) => {
    setKind(next);
    setTargetId(null);
    setRole(contactRolesOf(next)[0]!);
  };
  const serviceOptions = (services.data?.items ?? []).map((service) => ({
    value: service.id,
    label: `${service.serviceId} ${service.name}`,
  }));

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="add-relation">
      <Title order={2} size="h4" id="add-relation" mb="sm">
        {t('contactRelations.addTitle')}
      </Title>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (targetId) adding.mutate();
        }}
      >
        <Stack gap="sm">
          <SegmentedControl
            value={kind}
            onChange={(value) => changeKind(value as ContactRelationKind)}
            data={[
              { value: 'service', label: t('contactRelations.service') },
              { value: 'institution', label: t('contactRelations.institution') },
            ]}
            aria-label={t('contactRelations.kind')}
            w={{ base: '100%', sm: 'auto' }}
          />
          <Group align="flex-end" gap="sm" wrap="wrap">
            {kind === 'service' ? (
              <Select
                label={t('contactRelations.pickService')}
                searchable
                searchValue={search}
                onSearchChange={setSearch}
                data={serviceOptions}
                value={targetId}
                onChange={setTargetId}
                filter={({ options }) => options}
                nothingFoundMessage="—"
                w={{ base: '100%', sm: 360 }}
              />
            ) : (
              <NativeSelect
                label={t('contactRelations.pickInstitution')}
                data={[
                  { value: '', label: '—' },
                  ...(institutions.data?.items ?? []).map((institution) => ({
                    value: institution.id,
                    label: `${institution.abbreviation} – ${institution.name}`,
                  })),
                ]}
                value={targetId ?? ''}
                onChange={(event) => setTargetId(event.currentTarget.value || null)}
                w={{ base: '100%', sm: 360 }}
              />
            )}
            <NativeSelect
              label={t('contactRelations.role')}
              data={contactRolesOf(kind).map((value) => ({
                value,
                label: t(`contactRelations.roles.${value as 'owner'}`),
              }))}
              value={role}
              onChange={(event) => setRole(event.currentTarget.value)}
              w={{ base: '100%', sm: 220 }}
            />
            <Button type="submit" disabled={!targetId} loading={adding.isPending}>
              {t('contactRelations.add')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
};
