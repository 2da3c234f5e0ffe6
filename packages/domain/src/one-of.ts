/** A guard for one of a constant list's values (a state, a role, a kind), for input of any type. */
export const isOneOf =
  <const T extends string>(list: readonly T[]) =>
  (value: unknown): value is T =>
    typeof value === 'string' && (list as readonly string[]).includes(value);
