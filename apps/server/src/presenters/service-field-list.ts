import {
  FIELDS_BY_KEY,
  formatDate,
  translate,
  type FieldListRow,
  type FieldValue,
  type InstitutionRef,
  type Language,
  type UserRef,
} from '@nubes/domain';
import type { FieldListedRow } from '../model/service-list.js';
import { csvDocument } from '../http/csv.js';
import { providerOfRow } from './service-summary.js';

/** Characters of a text the list shows (it shows three lines of a cell); the CSV export has the whole value. */
const PREVIEW_LENGTH = 200;

const previewOf = (value: FieldValue): FieldValue =>
  typeof value === 'string' && value.length > PREVIEW_LENGTH ? `${value.slice(0, PREVIEW_LENGTH)}…` : value;

/** One row of the field list: the service, its value (long texts cut short) and whether the caller may clear it. */
export const presentFieldListRow = (row: FieldListedRow): FieldListRow => ({
  id: row.id,
  serviceId: row.serviceId,
  name: row.name,
  state: row.state,
  providerInstitution: providerOfRow(row),
  // The answer's schema takes a mutable array; the value is only read.
  value: previewOf(row.value) as FieldListRow['value'],
  version: row.version,
  clearable: row.clearable,
});

/** A value as a person reads it in the caller's language: option labels, names, German dates, yes/no. */
const valueText = (
  key: string,
  value: FieldValue | undefined,
  refs: { users: ReadonlyMap<string, UserRef>; institutions: ReadonlyMap<string, InstitutionRef> },
  language: Language,
): string => {
  const field = FIELDS_BY_KEY.get(key);
  if (value === undefined || value === null || !field) return '';
  const option = (v: string) => field.options?.find((o) => o.value === v)?.label[language] ?? v;
  if (typeof value === 'object') return value.map(option).join(', ');
  if (typeof value === 'boolean') return translate(language, value ? 'serviceView.yes' : 'serviceView.no');
  if (typeof value === 'number') return String(value);
  switch (field.type) {
    case 'select':
      return option(value);
    case 'date':
      return formatDate(`${value}T12:00:00Z`) || value;
    case 'contact':
      return refs.users.get(value)?.fullname ?? value;
    case 'institution':
      return refs.institutions.get(value)?.name ?? value;
    default:
      return value;
  }
};

/** The field list as a spreadsheet, as the portfolio's export (service-csv.ts): ID, name, status, provider, value. */
export const fieldListCsv = (
  key: string,
  rows: readonly FieldListedRow[],
  refs: { users: ReadonlyMap<string, UserRef>; institutions: ReadonlyMap<string, InstitutionRef> },
  language: Language,
): string =>
  csvDocument(
    [
      translate(language, 'serviceExport.serviceId'),
      translate(language, 'serviceExport.name'),
      translate(language, 'serviceExport.state'),
      translate(language, 'serviceExport.provider'),
      FIELDS_BY_KEY.get(key)?.label[language] ?? key,
    ],
    rows.map((row) => [
      row.serviceId,
      row.name,
      translate(language, `serviceStates.${row.state}`),
      row.providerName,
      valueText(key, row.value, refs, language),
    ]),
  );
