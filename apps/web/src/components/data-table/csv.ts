/** Excel reads a file as UTF-8 (umlauts) only when it starts with the byte order mark. */
const BOM = '\uFEFF';

/**
 * One CSV cell (RFC 4180), by the same rule as the server's export: quoted when it holds a
 * separator, quote or line break, quotes doubled; text a spreadsheet would run as a formula
 * (=, +, -, @, tab, CR) gets a leading apostrophe (CSV injection).
 */
export const csvCell = (value: string | number | null | undefined): string => {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",;\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

/** A CSV file: header line, one line per row, CRLF line ends, with the byte order mark. */
export const toCsv = (header: readonly string[], rows: readonly (readonly (string | number | null)[])[]): string =>
  `${BOM}${[header, ...rows].map((cells) => cells.map(csvCell).join(',')).join('\r\n')}\r\n`;

/** Hands a text to the browser as a download (used for exports built from rows already loaded). */
export const downloadText = (text: string, filename: string, type = 'text/csv;charset=utf-8'): void => {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The download has taken the data once the click returned; a moment later the URL can go.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
};
