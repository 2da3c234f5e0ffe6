/**
 * The portal shows dates in German form whatever the reader's language: day, month and year as
 * plain numbers (5.1.2024, as the date input takes them, apps/web/src/forms/germanDate.ts) and
 * hours and minutes with two digits (5.1.2024, 09:03), in the alliance's time zone (ADR 0023).
 * The web and the server's CSV export both format with these two functions.
 */
const dateTimeFormat = new Intl.DateTimeFormat('de-DE', {
  day: 'numeric',
  month: 'numeric',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Europe/Berlin',
});

const dateFormat = new Intl.DateTimeFormat('de-DE', {
  day: 'numeric',
  month: 'numeric',
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

const dayFormat = new Intl.DateTimeFormat('en-CA', {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  timeZone: 'Europe/Berlin',
});

/** The calendar day (`YYYY-MM-DD`) it is now in the alliance's time zone. */
export const todayIso = (now: Date = new Date()): string => dayFormat.format(now);
