import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.js';

/**
 * What a database made from the migrated template holds, read once from the template: every table
 * (by its quoted name), the rows of those that have any, every sequence's position, and the
 * schema's shape. A database a test file used is put back to it by `resetToTemplate`
 * (docs/adr/0130-one-test-database-per-worker.md).
 */
export interface TemplateSnapshot {
  tables: string[];
  rows: { table: string; columns: string[]; json: string }[];
  sequences: { name: string; lastValue: string; isCalled: boolean }[];
  /** The planner's sizes of every table and index (pg_class), as JSON: a test's ANALYZE changes them. */
  sizes: string;
  /** Every relation, column, constraint, index, trigger and function of the user schemas, as one text. */
  shape: string;
}

const rowsOf = async <T>(db: Db, query: SQL): Promise<T[]> =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;

const USER_SCHEMA = sql`n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_%'`;

/** The schema's shape: a test file that left a table, column, index, trigger or function behind changed it. */
const shapeOf = async (db: Db): Promise<string> => {
  const [row] = await rowsOf<{ shape: string }>(
    db,
    sql`select concat_ws(E'\n',
      (select string_agg(line, E'\n' order by line) from (
         select format('%s.%s %s %s', n.nspname, c.relname, c.relkind, c.relnatts) as line
         from pg_class c join pg_namespace n on n.oid = c.relnamespace where ${USER_SCHEMA}) relations),
      (select string_agg(line, E'\n' order by line) from (
         select format('%s %s', c.conname, pg_get_constraintdef(c.oid)) as line
         from pg_constraint c join pg_namespace n on n.oid = c.connamespace where ${USER_SCHEMA}) constraints),
      (select string_agg(line, E'\n' order by line) from (
         select format('%s %s', t.tgname, t.tgenabled) as line
         from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
         where not t.tgisinternal and ${USER_SCHEMA}) triggers),
      (select string_agg(line, E'\n' order by line) from (
         select format('%s.%s %s', n.nspname, p.proname, md5(p.prosrc)) as line
         from pg_proc p join pg_namespace n on n.oid = p.pronamespace where ${USER_SCHEMA}) functions),
      (select format('statistics %s', count(*)) from pg_statistic s join pg_class c on c.oid = s.starelid
         join pg_namespace n on n.oid = c.relnamespace where ${USER_SCHEMA})
    ) as shape`,
  );
  return row!.shape;
};

export const captureTemplate = async (db: Db): Promise<TemplateSnapshot> => {
  const tables = await rowsOf<{ name: string }>(
    db,
    sql`select format('%I.%I', n.nspname, c.relname) as name from pg_class c
        join pg_namespace n on n.oid = c.relnamespace
        where c.relkind in ('r', 'p') and ${USER_SCHEMA} order by 1`,
  );
  const rows: TemplateSnapshot['rows'] = [];
  for (const { name } of tables) {
    const [held] = await rowsOf<{ json: string | null }>(
      db,
      sql`select json_agg(t)::text as json from ${sql.raw(name)} t`,
    );
    if (!held?.json) continue;
    // A generated column takes no value of its own: the insert computes it again.
    const columns = await rowsOf<{ name: string }>(
      db,
      sql`select quote_ident(attname) as name from pg_attribute
          where attrelid = ${name}::regclass and attnum > 0 and not attisdropped and attgenerated = ''
          order by attnum`,
    );
    rows.push({ table: name, columns: columns.map((column) => column.name), json: held.json });
  }
  const sequenceNames = await rowsOf<{ name: string }>(
    db,
    sql`select format('%I.%I', n.nspname, c.relname) as name from pg_class c
        join pg_namespace n on n.oid = c.relnamespace where c.relkind = 'S' and ${USER_SCHEMA} order by 1`,
  );
  const sequences: TemplateSnapshot['sequences'] = [];
  for (const { name } of sequenceNames) {
    const [position] = await rowsOf<{ last_value: string; is_called: boolean }>(
      db,
      sql`select last_value::text, is_called from ${sql.raw(name)}`,
    );
    sequences.push({ name, lastValue: position!.last_value, isCalled: position!.is_called });
  }
  const [sizes] = await rowsOf<{ json: string }>(
    db,
    sql`select json_agg(json_build_object('name', format('%I.%I', n.nspname, c.relname), 'pages', c.relpages,
          'tuples', c.reltuples, 'visible', c.relallvisible) order by n.nspname, c.relname)::text as json
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where c.relkind in ('r', 'p', 'i', 'm', 't') and ${USER_SCHEMA}`,
  );
  return { tables: tables.map((table) => table.name), rows, sequences, sizes: sizes!.json, shape: await shapeOf(db) };
};

/**
 * Puts a database a test file used back to the template: every table emptied (TRUNCATE: new, empty
 * files, as the template's tables were made), the template's rows written again in their order with
 * triggers and foreign key checks off (they are the template's own: whatever a trigger derived
 * from them is restored with its table), the sequences where the template had them, the
 * planner's statistics as the template had them (none, and its sizes), and the session's settings,
 * locks, cursors and temporary tables dropped. False when the
 * schema is no longer the template's: such a database is not reused.
 */
/**
 * DISCARD ALL, but for its DEALLOCATE ALL: a PostgreSQL pool's clients keep their named
 * statements (docs/adr/0117-named-prepared-statements.md). On PGlite it is the one session there is.
 */
const SESSION_RESETS = [
  'close all',
  'set session authorization default',
  'reset all',
  'unlisten *',
  'select pg_advisory_unlock_all()',
  'discard plans',
  'discard temp',
  'discard sequences',
];

export const resetToTemplate = async (db: Db, template: TemplateSnapshot): Promise<boolean> => {
  // The reset drops every column statistic: a template with some (none has) would make nothing reusable.
  if ((await shapeOf(db)).replace(/statistics \d+$/, 'statistics 0') !== template.shape) return false;
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(sql.raw(`truncate ${template.tables.join(', ')}`));
    for (const { table, columns, json } of template.rows) {
      const list = columns.join(', ');
      await tx.execute(
        sql`insert into ${sql.raw(table)} (${sql.raw(list)}) overriding system value
            select ${sql.raw(list)} from json_populate_recordset(null::${sql.raw(table)}, ${json}::json)`,
      );
    }
    for (const { name, lastValue, isCalled } of template.sequences)
      await tx.execute(sql`select setval(${name}::regclass, ${lastValue}::bigint, ${isCalled})`);
    // What a test's ANALYZE left would steer the next file's plans (a demo generator analyzes its rows).
    await tx.execute(
      sql`delete from pg_statistic where starelid in (select c.oid from pg_class c
            join pg_namespace n on n.oid = c.relnamespace where ${USER_SCHEMA})`,
    );
    await tx.execute(
      sql`update pg_class c set relpages = s.pages, reltuples = s.tuples, relallvisible = s.visible
          from json_to_recordset(${template.sizes}::json) as s(name text, pages int, tuples real, visible int)
          where c.oid = s.name::regclass
            and (c.relpages, c.reltuples, c.relallvisible) is distinct from (s.pages, s.tuples, s.visible)`,
    );
  });
  for (const statement of SESSION_RESETS) await db.execute(sql.raw(statement));
  return true;
};
