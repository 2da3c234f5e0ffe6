/**
 * A downtime's moments in the person's time zone (the browser's), where the announce dialog takes
 * them too, in the portal's numeric German form (5.1.2027, 09:00; docs/adr/0126-downtime-screens.md).
 */
const dateTime = new Intl.DateTimeFormat('de-DE', {
  day: 'numeric',
  month: 'numeric',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});
const day = new Intl.DateTimeFormat('de-DE', { day: 'numeric', month: 'numeric', year: 'numeric' });
const time = new Intl.DateTimeFormat('de-DE', { hour: '2-digit', minute: '2-digit' });

export const formatMoment = (iso: string): string => dateTime.format(new Date(iso));
export const formatMomentDay = (iso: string): string => day.format(new Date(iso));

/** "5.1.2027, 09:00 – 13:00" within a day, else both moments in full. */
export const formatSpan = (startsAt: string, endsAt: string): string =>
  formatMomentDay(startsAt) === formatMomentDay(endsAt)
    ? `${formatMoment(startsAt)} – ${time.format(new Date(endsAt))}`
    : `${formatMoment(startsAt)} – ${formatMoment(endsAt)}`;
