import { Anchor, Badge, Button, Group, List, Paper, SimpleGrid, Stack, Tabs, Text, Title } from '@mantine/core';
import { routePath, type Contact } from '@nubes/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/client';
import { notifyError, notifySuccess } from '../../api/notify';
import { PageLoader } from '../../components/PageLoader';
import { Link } from '../../routing';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { reportWriteError } from '../../api/writes';
import { AuditHistory } from '../../components/history/AuditHistory';
import { contactDataPath, contactKeys, deleteContact, eraseContact, fetchContact, fetchContactHistory } from './api';
import { contactName } from './contactColumns';
import { ContactFormModal, useKeptContactDraft } from './ContactFormModal';
import { ContactRelations, targetName } from './ContactRelations';
import { AppModal } from '../../components/AppModal';
import { SectionPanel } from '../../components/SectionPanel';

const Field = ({ label, children }: { label: string; children: ReactNode }) => (
  <div>
    <Text size="sm" c="dimmed">
      {label}
    </Text>
    <Text component="div" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
      {children}
    </Text>
  </div>
);

const General = ({ contact }: { contact: Contact }) => {
  const { t } = useTranslation();
  const none = '—';
  return (
    <Stack gap="lg">
      <Paper withBorder p="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Field label={t('contacts.firstname')}>{contact.firstname}</Field>
          <Field label={t('contacts.lastname')}>{contact.lastname}</Field>
          <Field label={t('contacts.email')}>
            {contact.email || none}
            {contact.emailNotPersonal && (
              <Badge ml="xs" size="sm" variant="light" color="gray">
                {t('contacts.emailNotPersonalShort')}
              </Badge>
            )}
          </Field>
          <Field label={t('contacts.userAccount')}>
            {contact.userAccount ? (
              <Anchor component={Link} to={`${routePath('userAccounts')}?user=${contact.userAccount.id}`}>
                {contact.userAccount.fullname || contact.userAccount.username} ({contact.userAccount.username})
              </Anchor>
            ) : (
              <Text span c="dimmed">
                {t('contacts.noUserAccount')}
              </Text>
            )}
          </Field>
          <Field label={t('contacts.institution')}>
            {contact.institution ? `${contact.institution.abbreviation} – ${contact.institution.name}` : none}
          </Field>
          <Field label={t('contacts.otherInstitution')}>{contact.otherInstitution || none}</Field>
          <Field label={t('contacts.notes')}>{contact.notes || none}</Field>
        </SimpleGrid>
      </Paper>
      <SectionPanel id="contact-addresses" title={t('contacts.addresses')}>
        {contact.addresses.length === 0 ? (
          <Text c="dimmed">{t('contacts.noAddresses')}</Text>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            {contact.addresses.map((address) => (
              <div key={address.id}>
                {address.primary && (
                  <Badge size="sm" mb={4}>
                    {t('contacts.primaryBadge')}
                  </Badge>
                )}
                <Text>{address.street}</Text>
                <Text>{[address.postalCode, address.city].filter(Boolean).join(' ')}</Text>
                <Text>{address.country}</Text>
              </div>
            ))}
          </SimpleGrid>
        )}
      </SectionPanel>
      <SectionPanel id="contact-properties" title={t('contacts.properties')}>
        {contact.properties.length === 0 ? (
          <Text c="dimmed">{t('contacts.noProperties')}</Text>
        ) : (
          <Stack component="dl" gap={4} m={0}>
            {contact.properties.map((property) => (
              <Group key={property.id} gap="xs" wrap="nowrap" align="baseline">
                <Text component="dt" size="sm" c="dimmed" miw={140}>
                  {t(`contactProperties.${property.kind}`)}
                </Text>
                <Text component="dd" m={0} style={{ overflowWrap: 'anywhere' }}>
                  {property.value}
                </Text>
              </Group>
            ))}
          </Stack>
        )}
      </SectionPanel>
    </Stack>
  );
};

type Confirming = 'delete' | 'erase' | null;

interface Props {
  id: string;
  backHref: string;
  canManage: boolean;
  /** After the contact is gone (deleted or erased): back to the list. */
  onGone: () => void;
}

/** One contact: tabs General and Relations; edit, delete, export of the person's data, erasure. */
export const ContactDetails = ({ id, backHref, canManage, onGone }: Props) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: contactKeys.detail(id), queryFn: ({ signal }) => fetchContact(id, signal) });
  // An edit left unsaved when the session ended opens again as it was.
  const [editing, setEditing] = useState(useKeptContactDraft(id));
  const [confirming, setConfirming] = useState<Confirming>(null);
  const [tab, setTab] = useState<string | null>('general');
  const store = (next: Contact) => queryClient.setQueryData(contactKeys.detail(next.id), next);
  const reload = () => void queryClient.invalidateQueries({ queryKey: contactKeys.all });

  const removing = useMutation({
    mutationFn: ({ kind, contact }: { kind: 'delete' | 'erase'; contact: Contact }) =>
      kind === 'delete' ? deleteContact(contact.id, contact.version) : eraseContact(contact.id, contact.version),
    onSuccess: (_nothing, { kind, contact }) => {
      setConfirming(null);
      queryClient.removeQueries({ queryKey: contactKeys.detail(contact.id) });
      reload();
      notifySuccess(t(kind === 'delete' ? 'contacts.deleted' : 'contacts.erased'), contactName(contact));
      onGone();
    },
    onError: (error, { kind }) => {
      setConfirming(null);
      const title = t(kind === 'delete' ? 'contacts.cannotDelete' : 'contacts.cannotErase');
      // Held by relations: the server names them; the Relations tab shows them.
      if (isApiError(error) && error.code === 'conflict' && error.fields?.relations) {
        notifyError(title, `${error.message} ${error.fields.relations}`);
        setTab('relations');
        return;
      }
      reportWriteError(error, title, t, { onConflict: reload });
    },
  });

  const contact = query.data;
  return (
    <Stack gap="lg">
      <Anchor component={Link} to={backHref}>
        {t('contacts.back')}
      </Anchor>
      {contact ? (
        <>
          <Group justify="space-between" align="flex-start" gap="sm">
            <Title order={1}>{contactName(contact)}</Title>
            {canManage && (
              <Group gap="sm">
                <Button onClick={() => setEditing(true)}>{t('contacts.edit')}</Button>
                <Button component="a" href={contactDataPath(contact.id)} download variant="default">
                  {t('contacts.exportData')}
                </Button>
                <Button variant="light" color="red" onClick={() => setConfirming('delete')}>
                  {t('contacts.delete')}
                </Button>
                <Button variant="outline" color="red" onClick={() => setConfirming('erase')}>
                  {t('contacts.erase')}
                </Button>
              </Group>
            )}
          </Group>
          {canManage && (
            <Text size="sm" c="dimmed" maw="48rem">
              {t('contacts.deleteOrErase')}
            </Text>
          )}
          <Tabs value={tab} onChange={setTab} keepMounted={false}>
            <Tabs.List>
              <Tabs.Tab value="general">{t('contacts.tabGeneral')}</Tabs.Tab>
              <Tabs.Tab value="relations">
                {t('contacts.tabRelations')} ({contact.relations.length})
              </Tabs.Tab>
              <Tabs.Tab value="history">{t('contacts.tabHistory')}</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="general" pt="md">
              <General contact={contact} />
            </Tabs.Panel>
            <Tabs.Panel value="relations" pt="md">
              <ContactRelations contact={contact} canManage={canManage} onChanged={store} />
            </Tabs.Panel>
            <Tabs.Panel value="history" pt="md">
              <AuditHistory
                objectType="contact"
                queryKey={contactKeys.history(contact.id)}
                fetchPage={(cursor, signal) => fetchContactHistory(contact.id, cursor, signal)}
                caption={t('contacts.tabHistory')}
              />
            </Tabs.Panel>
          </Tabs>
          <ContactFormModal contact={contact} opened={editing} onClose={() => setEditing(false)} />
          {confirming === 'delete' && contact.relations.length > 0 ? (
            // Relations hold the contact: say which before anything is asked, and what to do instead.
            <AppModal
              opened
              onClose={() => setConfirming(null)}
              title={t('contacts.heldTitle')}
              closeButtonProps={{ 'aria-label': t('contacts.close') }}
            >
              <Text>{t('contacts.heldText', { name: contactName(contact), count: contact.relations.length })}</Text>
              <List mt="sm" spacing={4}>
                {contact.relations.map((relation) => (
                  <List.Item key={relation.id}>
                    {t(`contactRelations.roles.${relation.role as 'owner'}`)}: {targetName(relation)}
                  </List.Item>
                ))}
              </List>
              <Text mt="sm">{t('contacts.heldHint')}</Text>
              <Group justify="flex-end" gap="sm" mt="lg">
                <Button variant="default" onClick={() => setConfirming(null)}>
                  {t('contacts.cancel')}
                </Button>
                <Button
                  onClick={() => {
                    setConfirming(null);
                    setTab('relations');
                  }}
                >
                  {t('contacts.showRelations')}
                </Button>
              </Group>
            </AppModal>
          ) : (
            <ConfirmDialog
              opened={confirming !== null}
              title={t(confirming === 'erase' ? 'contacts.eraseTitle' : 'contacts.deleteTitle')}
              text={t(confirming === 'erase' ? 'contacts.eraseText' : 'contacts.deleteText', {
                name: contactName(contact),
              })}
              confirmLabel={t(confirming === 'erase' ? 'contacts.erase' : 'contacts.delete')}
              busy={removing.isPending}
              danger
              onConfirm={() => confirming && removing.mutate({ kind: confirming, contact })}
              onCancel={() => setConfirming(null)}
            />
          )}
        </>
      ) : query.isError ? (
        <Paper withBorder p="md" role="alert">
          <Text fw={600}>
            {isApiError(query.error) && query.error.status === 404 ? t('contacts.notFound') : t('contacts.cannotLoad')}
          </Text>
        </Paper>
      ) : (
        <PageLoader />
      )}
    </Stack>
  );
};
