import { Anchor, Badge, Group } from '@mantine/core';
import { formatDateTime, type ContactRow } from '@nubes/domain';
import type { TFunction } from 'i18next';
import type { DataTableColumn } from '../../components/data-table';
import { Link } from '../../routing';

/** The server sorts: any sort value marks a column sortable, its id is the sort key. */
const sortable = () => null;

export const contactName = (contact: Pick<ContactRow, 'firstname' | 'lastname'>) =>
  `${contact.lastname}, ${contact.firstname}`;

/** The contact list's columns: the name first (it names the row and opens the details). */
export const contactColumns = (
  t: TFunction,
  detailsHref: (row: ContactRow) => string,
): DataTableColumn<ContactRow>[] => [
  {
    id: 'lastname',
    header: t('contacts.name'),
    cell: (row) => (
      <Anchor component={Link} to={detailsHref(row)} fw={600}>
        {contactName(row)}
      </Anchor>
    ),
    sortValue: sortable,
    rowHeader: true,
    hideable: false,
  },
  {
    id: 'email',
    header: t('contacts.email'),
    cell: (row) =>
      row.email ? (
        <Group gap={6} wrap="nowrap">
          <span style={{ overflowWrap: 'break-word' }}>{row.email}</span>
          {row.emailNotPersonal && (
            <Badge size="xs" variant="light" color="gray">
              {t('contacts.emailNotPersonalShort')}
            </Badge>
          )}
        </Group>
      ) : (
        '—'
      ),
    sortValue: sortable,
  },
  {
    id: 'institution',
    header: t('contacts.institution'),
    cell: (row) =>
      row.institution ? (
        <abbr title={row.institution.name}>{row.institution.abbreviation}</abbr>
      ) : (
        row.otherInstitution || '—'
      ),
    sortValue: sortable,
  },
  { id: 'city', header: t('contacts.city'), cell: (row) => row.city || '—' },
  {
    id: 'properties',
    header: t('contacts.properties'),
    cell: (row) => row.propertyKinds.map((kind) => t(`contactProperties.${kind}`)).join(', ') || '—',
  },
  {
    id: 'updatedAt',
    header: t('contacts.updatedAt'),
    cell: (row) => formatDateTime(row.updatedAt),
    sortValue: sortable,
    sortDescFirst: true,
    nowrap: true,
  },
];
