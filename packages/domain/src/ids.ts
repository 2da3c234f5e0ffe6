const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A UUID in its canonical text form: every object id in the portal. Checked before an id reaches
 * the database, where a malformed one would fail the uuid cast instead of meaning "no such object".
 */
export const isUuid = (value: unknown): value is string => typeof value === 'string' && UUID.test(value);
