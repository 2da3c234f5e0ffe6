/**
 * An access rule as data: a caller's roles are folded in when the rule is built, so what is left
 * are facts about one object as this caller sees it ("the caller owns it", "it is a draft").
 * The same rule answers one object in memory (`holds`) and a whole list on the server, which
 * translates each fact to SQL (apps/server/src/db/rule-sql.ts): the rule is written once, and a
 * test compares both forms (docs/adr/0073-lists-and-search-in-the-database.md).
 */
export type Rule<Fact extends string> =
  boolean | { fact: Fact } | { not: Rule<Fact> } | { anyOf: readonly Rule<Fact>[] } | { allOf: readonly Rule<Fact>[] };

export const fact = <Fact extends string>(name: Fact): Rule<Fact> => ({ fact: name });

/** Any of the rules; `true` swallows the rest and `false`s drop out, so a role that decides leaves a constant. */
export const anyOf = <Fact extends string>(...rules: Rule<Fact>[]): Rule<Fact> => {
  if (rules.includes(true)) return true;
  const left = rules.filter((rule) => rule !== false);
  if (left.length === 0) return false;
  return left.length === 1 ? left[0]! : { anyOf: left };
};

/** All of the rules, folded the same way. */
export const allOf = <Fact extends string>(...rules: Rule<Fact>[]): Rule<Fact> => {
  if (rules.includes(false)) return false;
  const left = rules.filter((rule) => rule !== true);
  if (left.length === 0) return true;
  return left.length === 1 ? left[0]! : { allOf: left };
};

export const not = <Fact extends string>(rule: Rule<Fact>): Rule<Fact> =>
  typeof rule === 'boolean' ? !rule : { not: rule };

/** Whether the rule holds for an object with these facts. */
export const holds = <Fact extends string>(rule: Rule<Fact>, facts: Readonly<Record<Fact, boolean>>): boolean => {
  if (typeof rule === 'boolean') return rule;
  if ('fact' in rule) return facts[rule.fact];
  if ('not' in rule) return !holds(rule.not, facts);
  if ('anyOf' in rule) return rule.anyOf.some((part) => holds(part, facts));
  return rule.allOf.every((part) => holds(part, facts));
};

/**
 * The rule for objects of which some facts are already known (a list that holds only submitted
 * packages knows none is a draft): those facts become constants and fold away, so a caller for
 * whom the known facts decide gets `true` and the list needs no condition for them.
 */
export const assuming = <Fact extends string>(
  rule: Rule<Fact>,
  known: Readonly<Partial<Record<Fact, boolean>>>,
): Rule<Fact> => {
  if (typeof rule === 'boolean') return rule;
  if ('fact' in rule) return known[rule.fact] ?? rule;
  if ('not' in rule) return not(assuming(rule.not, known));
  if ('anyOf' in rule) return anyOf(...rule.anyOf.map((part) => assuming(part, known)));
  return allOf(...rule.allOf.map((part) => assuming(part, known)));
};
