/** The browser's time zone, the person's: what a typed time means and what a downtime's times are shown in. */
export const personTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;
