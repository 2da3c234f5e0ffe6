-- A statement that touched many buckets (a bulk insert, an import, a backfill) folds its table's
-- sums at once instead of waiting for the five hundredth statement: each such statement left up to
-- 256 rows, and every look at other instances' changes sums them all (docs/adr/0070-one-look-one-query.md).
CREATE OR REPLACE FUNCTION "row_version_sums_counted"(source_table text, added bigint) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF nextval('row_version_sums_statements') % 500 = 0 OR added > 16 THEN
    PERFORM row_version_sums_fold(source_table);
  END IF;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "row_version_sums_added_or_removed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  sign int := CASE TG_OP WHEN 'DELETE' THEN -1 ELSE 1 END;
  added bigint;
BEGIN
  INSERT INTO row_version_sums (source, bucket, count, versions, ids)
  SELECT TG_TABLE_NAME, get_byte(uuid_send(id), 0), sign * count(*), sign * sum(version), sign * sum(row_version_id_sum(id))
  FROM changed_rows GROUP BY 2;
  GET DIAGNOSTICS added = ROW_COUNT;
  PERFORM row_version_sums_counted(TG_TABLE_NAME, added);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "row_version_sums_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  added bigint;
BEGIN
  INSERT INTO row_version_sums (source, bucket, count, versions, ids)
  SELECT TG_TABLE_NAME, bucket, sum(count), sum(versions), sum(ids)
  FROM (
    SELECT get_byte(uuid_send(id), 0) AS bucket, 1 AS count, version::bigint AS versions, row_version_id_sum(id) AS ids
    FROM updated_rows
    UNION ALL
    SELECT get_byte(uuid_send(id), 0), -1, -version::bigint, -row_version_id_sum(id) FROM replaced_rows
  ) AS changes
  GROUP BY bucket HAVING sum(count) <> 0 OR sum(versions) <> 0 OR sum(ids) <> 0;
  GET DIAGNOSTICS added = ROW_COUNT;
  PERFORM row_version_sums_counted(TG_TABLE_NAME, added);
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP FUNCTION "row_version_sums_counted"(text);
--> statement-breakpoint
-- The rows the statements before this migration left, one per bucket again.
SELECT row_version_sums_fold('contacts');
--> statement-breakpoint
SELECT row_version_sums_fold('services');
