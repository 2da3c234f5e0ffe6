import { Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NoAccess } from '../components/NoAccess';
import { useUrlView } from '../components/list-screen/useListScreen';
import { ContactDetails } from '../features/contacts/ContactDetails';
import { ContactFormModal, useKeptContactDraft } from '../features/contacts/ContactFormModal';
import { ContactList } from '../features/contacts/ContactList';
import { contactsView } from '../features/contacts/contactsView';
import { ListPageHeader } from '../features/portfolio/ListPageHeader';
import { usePermission } from '../hooks/usePermission';
import type { PageProps } from './PageProps';

/** /cd/contact-database: the contacts; ?contact=<id> opens one contact's details (back keeps the list's view). */
export const ContactDatabasePage = ({ routeId }: PageProps) => {
  const { t } = useTranslation();
  const mayRead = usePermission('contact.read');
  const mayManage = usePermission('contact.manage');
  const url = useUrlView(contactsView);
  const { view, setView } = url;
  // A new contact left unsaved when the session ended opens again as it was.
  const [creating, setCreating] = useState(useKeptContactDraft(null));
  if (!mayRead) return <NoAccess screen={routeId} />;
  const newContact = (
    <ContactFormModal
      opened={creating}
      onClose={() => setCreating(false)}
      onCreated={(contact) => setView({ ...view, contact: contact.id })}
    />
  );
  if (view.contact) {
    const list = contactsView.serialize({ ...view, contact: null }).toString();
    return (
      <ContactDetails
        key={view.contact}
        id={view.contact}
        backHref={list ? `?${list}` : '/cd/contact-database'}
        canManage={mayManage}
        onGone={() => setView({ ...view, contact: null })}
      />
    );
  }
  return (
    <Stack gap="lg">
      <ListPageHeader title={t('routes.contactDatabase')} />
      <ContactList url={url} onCreate={mayManage ? () => setCreating(true) : null} />
      {newContact}
    </Stack>
  );
};
