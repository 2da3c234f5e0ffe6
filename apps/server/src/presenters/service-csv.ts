import { formatDateTime, translate, type Language } from '@nubes/domain';
import type { ServiceSummaryRow } from '../model/service-list.js';

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
  ['serviceId', (r: ServiceSummaryRow) => r.serviceId],
  ['name', (r: ServiceSummaryRow) => r.name],
  ['state', (r: ServiceSummaryRow, l: Language) => translate(l, `serviceStates.${r.state}`)],
  ['provider', (r: ServiceSummaryRow) => r.providerName],
  ['serviceType', (r: ServiceSummaryRow, l: Language) => translate(l, `serviceTypes.${r.serviceType}`)],
  ['score', (r: ServiceSummaryRow) => r.weightedScore],
  ['keywords', (r: ServiceSummaryRow) => r.keywords.join(', ')],
  ['shortDescription', (r: ServiceSummaryRow) => r.shortDescription],
  ['updatedAt', (r: ServiceSummaryRow) => formatDateTime(r.updatedAt)],
  ['onlineSince', (r: ServiceSummaryRow) => formatDateTime(r.onlineSince)],
] as const satisfies readonly (readonly [
  string,
  (row: ServiceSummaryRow, language: Language) => string | number | null,
])[];

/** A spreadsheet of header and rows: byte order mark, RFC 4180 cells, CRLF lines. */
export const csvDocument = (header: readonly string[], rows: readonly (readonly (string | number | null)[])[]) =>
  `${BOM}${[header, ...rows].map((cells) => cells.map(csvCell).join(',')).join('\r\n')}\r\n`;

/** The portfolio list as a spreadsheet: translated header and states, German dates, CRLF lines. */
export const serviceListCsv = (rows: readonly ServiceSummaryRow[], language: Language): string =>
  csvDocument(
    COLUMNS.map(([key]) => translate(language, `serviceExport.${key}`)),
    rows.map((row) => COLUMNS.map(([, cell]) => cell(row, language))),
  );
