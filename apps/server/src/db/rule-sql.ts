import type { Rule } from '@nubes/domain';
import { and, not, or, sql, type SQL } from 'drizzle-orm';

/**
 * A domain access rule as a SQL condition: each fact becomes the expression that says it of a
 * row, so a list asks the database for exactly the objects the in-memory rule would let the
 * caller see (packages/domain/src/access/rules.ts).
 */
export const ruleSql = <Fact extends string>(rule: Rule<Fact>, facts: Readonly<Record<Fact, SQL>>): SQL => {
  if (typeof rule === 'boolean') return rule ? sql`true` : sql`false`;
  if ('fact' in rule) return facts[rule.fact];
  if ('not' in rule) return not(ruleSql(rule.not, facts));
  if ('anyOf' in rule) return sql`(${or(...rule.anyOf.map((part) => ruleSql(part, facts)))})`;
  return sql`(${and(...rule.allOf.map((part) => ruleSql(part, facts)))})`;
};
