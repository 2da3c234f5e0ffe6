import { formatDateTime, translate, type Language } from '@nubes/domain';
import type { ServiceListRow } from '../read-models/service-list-snapshot.js';

/** Excel reads a file as UTF-8 (umlauts) only when it starts with the byte order mark. */
const BOM = '\uFEFF';

/**
 * One CSV cell (RFC 4180): quoted when it holds a separator, quote or line break, quotes doubled.
 * A value that a spreadsheet would run as a formula (=, +, -, @, tab, CR) gets a leading
 * apostrophe, so a service name cannot become a formula in the portfolio manager's Excel (OWASP
 * CSV injection).
 */
const csvCell = (value: string | number | null): string => {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",;\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

const COLUMNS = [
  ['serviceId', (r: ServiceListRow) => r.serviceId],
  ['name', (r: ServiceListRow) => r.name],
  ['state', (r: ServiceListRow, l: Language) => translate(l, `serviceStates.${r.state}`)],
  ['provider', (r: ServiceListRow) => r.providerName],
  ['serviceType', (r: ServiceListRow, l: Language) => translate(l, `serviceTypes.${r.serviceType}`)],
  ['score', (r: ServiceListRow) => r.weightedScore],
  ['keywords', (r: ServiceListRow) => r.keywords.join(', ')],
  ['shortDescription', (r: ServiceListRow) => r.shortDescription],
  ['updatedAt', (r: ServiceListRow) => formatDateTime(r.updatedAt)],
  ['onlineSince', (r: ServiceListRow) => formatDateTime(r.onlineSince)],
] as const satisfies readonly (readonly [
  string,
  (row: ServiceListRow, language: Language) => string | number | null,
])[];

/** A spreadsheet of header and rows: byte order mark, RFC 4180 cells, CRLF lines. */
export const csvDocument = (header: readonly string[], rows: readonly (readonly (string | number | null)[])[]) =>
  `${BOM}${[header, ...rows].map((cells) => cells.map(csvCell).join(',')).join('\r\n')}\r\n`;

/** The portfolio list as a spreadsheet: translated header and states, German dates, CRLF lines. */
export const serviceListCsv = (rows: readonly ServiceListRow[], language: Language): string =>
  csvDocument(
    COLUMNS.map(([key]) => translate(language, `serviceExport.${key}`)),
    rows.map((row) => COLUMNS.map(([, cell]) => cell(row, language))),
  );
