/** `%`, `_` and `\` typed by a person are letters, not LIKE wildcards (backslash is PostgreSQL's default escape). */
export const escapeLike = (value: string): string => value.replace(/[\\%_]/g, (c) => `\\${c}`);
