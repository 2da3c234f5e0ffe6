/**
 * Dates are entered and shown the German way, numeric day and month without leading zeros
 * (`5.1.2024`, ADR 19); the form keeps the catalogue's `YYYY-MM-DD`.
 */
const GERMAN_DATE = /^\s*(\d{1,2})\.\s*(\d{1,2})\.\s*(\d{4})\s*$/;

/** "5.1.2024" or "05.01.2024" → "2024-01-05"; null for anything that is not a real date. */
export const parseGermanDate = (text: string): string | null => {
  const match = GERMAN_DATE.exec(text);
  if (!match) return null;
  const [, day, month, year] = match as unknown as [string, string, string, string];
  const iso = `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
  const date = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === iso ? iso : null;
};

/** "2024-01-05" → "5.1.2024"; other text as it is. */
export const formatGermanDate = (iso: string): string => {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  return match ? `${Number(match[3])}.${Number(match[2])}.${match[1]}` : iso;
};
