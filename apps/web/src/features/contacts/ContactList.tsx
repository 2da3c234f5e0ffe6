import { Button, Group, Text } from '@mantine/core';
import type { ContactList as ContactPage } from '@nubes/domain';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ListScreen } from '../../components/list-screen/ListScreen';
import { useListQuery, type UrlView } from '../../components/list-screen/useListScreen';
import { contactKeys } from './api';
import { contactColumns, contactName } from './contactColumns';
import { ContactFilters } from './ContactFilters';
import type { ContactsView } from './contactsView';

interface Props {
  url: UrlView<ContactsView>;
  /** Null when the caller may only read. */
  onCreate: (() => void) | null;
}

/** The contacts with search, filters, sort and paging in the URL, and the view as CSV or JSON. */
export const ContactList = ({ url, onCreate }: Props) => {
  const { t } = useTranslation();
  const screen = useListQuery<ContactsView, ContactPage>(url, contactKeys.list);
  const { view, codec } = url;
  const columns = useMemo(
    () => contactColumns(t, (row) => `?${codec.serialize({ ...view, contact: row.id }).toString()}`),
    [t, view, codec],
  );
  return (
    <ListScreen
      screen={screen}
      id="contacts"
      label={t('contacts.title')}
      header={
        <Group justify="space-between" align="flex-start" gap="sm">
          <Text maw="48rem">{t('contacts.intro')}</Text>
          <Group gap="sm">{onCreate && <Button onClick={onCreate}>{t('contacts.newContact')}</Button>}</Group>
        </Group>
      }
      filters={<ContactFilters url={url} />}
      errorTitle={t('contacts.cannotLoad')}
      exports
      columns={columns}
      getRowId={(row) => row.id}
      rowLabel={contactName}
      empty={{ title: t('contacts.empty'), hint: t('contacts.emptyHint') }}
      countLabel={(count) => t('contacts.count', { count })}
    />
  );
};
