/** SPEC §9: dates are shown in German locale, numeric day, month, year and 2-digit hours and minutes. */
const dateTimeFormat = new Intl.DateTimeFormat('de-DE', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Europe/Berlin',
});

const dateFormat = new Intl.DateTimeFormat('de-DE', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  timeZone: 'Europe/Berlin',
});

const toDate = (value: Date | string | number): Date | null => {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
};

export const formatDateTime = (value: Date | string | number | null | undefined): string => {
  if (value === null || value === undefined) return '';
  const date = toDate(value);
  return date ? dateTimeFormat.format(date) : '';
};

export const formatDate = (value: Date | string | number | null | undefined): string => {
  if (value === null || value === undefined) return '';
  const date = toDate(value);
  return date ? dateFormat.format(date) : '';
};
