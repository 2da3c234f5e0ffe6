import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import type { ContactQuery } from '@nubes/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, listExports } from '../../components/data-table';
import { contactKeys, contactQueryString, fetchContacts } from './api';
import { contactColumns, contactName } from './contactColumns';
import { ContactFilters } from './ContactFilters';
import {
  changeContactsView,
  CONTACT_PAGE_SIZES,
  contactsQuery,
  serializeContactsView,
  type ContactsView,
} from './contactsView';

interface Props {
  view: ContactsView;
  setView: (next: ContactsView, options?: { replace?: boolean }) => void;
  /** Null when the caller may only read. */
  onCreate: (() => void) | null;
}

/** The contacts with search, filters, sort and paging in the URL, and the view as CSV or JSON. */
export const ContactList = ({ view, setView, onCreate }: Props) => {
  const { t } = useTranslation();
  const query = contactsQuery(view);
  const list = useQuery({
    queryKey: contactKeys.list(contactQueryString(query)),
    queryFn: ({ signal }) => fetchContacts(query, signal),
    placeholderData: keepPreviousData,
  });
  const columns = useMemo(
    () => contactColumns(t, (row) => `?${serializeContactsView({ ...view, contact: row.id }).toString()}`),
    [t, view],
  );
  const total = list.data?.total ?? 0;
  const totalExact = list.data?.totalExact ?? true;
  const pages = Math.max(1, Math.ceil(total / view.pageSize) + (totalExact ? 0 : 1), view.page);
  const filtered = Boolean(view.q || view.institution || view.propertyKind);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Text maw="48rem">{t('contacts.intro')}</Text>
        <Group gap="sm">{onCreate && <Button onClick={onCreate}>{t('contacts.newContact')}</Button>}</Group>
      </Group>
      <ContactFilters view={view} onChange={setView} />
      {list.isError && !list.data ? (
        <Paper withBorder p="md" role="alert">
          <Text fw={600}>{t('contacts.cannotLoad')}</Text>
          <Text size="sm">{list.error.message}</Text>
        </Paper>
      ) : (
        <DataTable
          id="contacts"
          exports={listExports(`/api/contacts${contactQueryString(query)}`)}
          caption={t('dataTable.pagedCaption', { list: t('contacts.title'), page: view.page, pages })}
          columns={columns}
          rows={list.data?.items}
          getRowId={(row) => row.id}
          rowLabel={contactName}
          empty={{
            title: t('contacts.empty'),
            hint: filtered ? undefined : t('contacts.emptyHint'),
            action: filtered ? (
              <Button
                variant="default"
                onClick={() => setView(changeContactsView(view, { q: '', institution: null, propertyKind: null }))}
              >
                {t('dataTable.clearFilters')}
              </Button>
            ) : undefined,
          }}
          busy={list.isFetching && list.isPlaceholderData}
          countLabel={(count) => t('contacts.count', { count })}
          pageSizes={CONTACT_PAGE_SIZES}
          server={{
            sort: { id: view.sort, desc: view.order === 'desc' },
            onSortChange: (sort) =>
              setView({ ...view, sort: sort.id as ContactQuery['sort'], order: sort.desc ? 'desc' : 'asc', page: 1 }),
            page: view.page,
            pageSize: view.pageSize,
            onPageChange: (page) => setView({ ...view, page }),
            onPageSizeChange: (pageSize) => setView({ ...view, pageSize, page: 1 }),
            total,
            totalExact,
          }}
        />
      )}
    </Stack>
  );
};
