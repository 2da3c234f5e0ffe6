/** Whether PostgreSQL refused a write for a unique index (23505), as the driver throws it or wrapped by Drizzle. */
export const isUniqueViolation = (error: unknown): boolean => {
  const e = error as { code?: string; cause?: { code?: string } } | null;
  return (e?.code ?? e?.cause?.code) === '23505';
};
