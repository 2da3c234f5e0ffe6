/** The SQLSTATE of a refused write, as the driver throws it or wrapped by Drizzle. */
export const pgErrorCode = (error: unknown): string | undefined => {
  const e = error as { code?: string; cause?: { code?: string } } | null;
  return e?.code ?? e?.cause?.code;
};

/** Whether PostgreSQL refused a write for a unique index (23505). */
export const isUniqueViolation = (error: unknown): boolean => pgErrorCode(error) === '23505';

/**
 * The write, or `refusal` when a unique index refuses it: two callers racing for one name, key or
 * open slot, where the check before the insert let both through.
 */
export const refuseDuplicates = async <T>(write: Promise<T>, refusal: () => Error): Promise<T> => {
  try {
    return await write;
  } catch (error) {
    throw isUniqueViolation(error) ? refusal() : error;
  }
};

/**
 * Runs `attempt` once more when a unique index refused it: two instances or first logins racing to
 * insert one row, where the loser finds the winner's row on its second look.
 */
export const retryOnceOnDuplicate = async <T>(attempt: () => Promise<T>): Promise<T> => {
  try {
    return await attempt();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    return attempt();
  }
};
