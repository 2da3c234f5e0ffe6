/** Excel reads a file as UTF-8 (umlauts) only when it starts with the byte order mark. */
export const CSV_BOM = '\uFEFF';

/** A cell's value before it is written: text, a number, yes/no, or nothing. */
export type CsvValue = string | number | boolean | null | undefined;

/**
 * One CSV cell (RFC 4180): quoted when it holds a separator, quote or line break, quotes doubled.
 * A value that a spreadsheet would run as a formula (=, +, -, @, tab, CR) gets a leading
 * apostrophe, so a service or contact name cannot become a formula in someone's Excel (OWASP
 * CSV injection).
 */
const csvCell = (value: CsvValue): string => {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",;\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

/** One line of a CSV file, CRLF at its end. */
export const csvLine = (cells: readonly CsvValue[]): string => `${cells.map(csvCell).join(',')}\r\n`;

/** A spreadsheet of header and rows: byte order mark, RFC 4180 cells, CRLF lines. */
export const csvDocument = (header: readonly string[], rows: readonly (readonly CsvValue[])[]) =>
  `${CSV_BOM}${[header, ...rows].map(csvLine).join('')}`;
