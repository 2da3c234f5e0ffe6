CREATE TABLE "row_version_sums" (
	"source" text NOT NULL,
	"bucket" smallint NOT NULL,
	"count" bigint NOT NULL,
	"versions" bigint NOT NULL,
	"ids" bigint NOT NULL,
	CONSTRAINT "row_version_sums_source_known" CHECK ("row_version_sums"."source" IN ('contacts', 'services')),
	CONSTRAINT "row_version_sums_bucket_byte" CHECK ("row_version_sums"."bucket" BETWEEN 0 AND 255)
);
--> statement-breakpoint
CREATE INDEX "row_version_sums_source_idx" ON "row_version_sums" USING btree ("source");--> statement-breakpoint
-- The sum of a UUID's first 28 bits (its first seven hex digits): a row removed and another added
-- in the same bucket with the same version still changes its bucket's sums.
CREATE FUNCTION "row_version_id_sum"(id uuid) RETURNS bigint LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT (get_byte(b, 0)::bigint << 20) | (get_byte(b, 1) << 12) | (get_byte(b, 2) << 4) | (get_byte(b, 3) >> 4)
  FROM (SELECT uuid_send(id) AS b) AS bytes
$$;
--> statement-breakpoint
-- Counts the statements that changed a source table: every few hundredth folds that table's rows.
CREATE SEQUENCE "row_version_sums_statements";
--> statement-breakpoint
-- One row per bucket instead of one per statement. Concurrent folds of one table would only repeat
-- the work, so one that finds the table being folded leaves it.
CREATE FUNCTION "row_version_sums_fold"(source_table text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF NOT pg_try_advisory_xact_lock(7205119, hashtext(source_table)) THEN
    RETURN;
  END IF;
  WITH folded AS (
    DELETE FROM row_version_sums WHERE source = source_table RETURNING bucket, count, versions, ids
  )
  INSERT INTO row_version_sums (source, bucket, count, versions, ids)
  SELECT source_table, bucket, sum(count), sum(versions), sum(ids) FROM folded
  GROUP BY bucket HAVING sum(count) <> 0;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "row_version_sums_counted"(source_table text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF nextval('row_version_sums_statements') % 500 = 0 THEN
    PERFORM row_version_sums_fold(source_table);
  END IF;
END
$$;
--> statement-breakpoint
-- An insert's rows count up, a delete's down; both triggers name their rows changed_rows.
CREATE FUNCTION "row_version_sums_added_or_removed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  sign int := CASE TG_OP WHEN 'DELETE' THEN -1 ELSE 1 END;
BEGIN
  INSERT INTO row_version_sums (source, bucket, count, versions, ids)
  SELECT TG_TABLE_NAME, get_byte(uuid_send(id), 0), sign * count(*), sign * sum(version), sign * sum(row_version_id_sum(id))
  FROM changed_rows GROUP BY 2;
  PERFORM row_version_sums_counted(TG_TABLE_NAME);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "row_version_sums_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
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
  PERFORM row_version_sums_counted(TG_TABLE_NAME);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "row_version_sums_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM row_version_sums WHERE source = TG_TABLE_NAME;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "contacts_row_version_sums_inserted" AFTER INSERT ON "contacts" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION row_version_sums_added_or_removed();
--> statement-breakpoint
CREATE TRIGGER "contacts_row_version_sums_updated" AFTER UPDATE ON "contacts" REFERENCING OLD TABLE AS replaced_rows NEW TABLE AS updated_rows FOR EACH STATEMENT EXECUTE FUNCTION row_version_sums_updated();
--> statement-breakpoint
CREATE TRIGGER "contacts_row_version_sums_deleted" AFTER DELETE ON "contacts" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION row_version_sums_added_or_removed();
--> statement-breakpoint
CREATE TRIGGER "contacts_row_version_sums_truncated" AFTER TRUNCATE ON "contacts" FOR EACH STATEMENT EXECUTE FUNCTION row_version_sums_truncated();
--> statement-breakpoint
CREATE TRIGGER "services_row_version_sums_inserted" AFTER INSERT ON "services" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION row_version_sums_added_or_removed();
--> statement-breakpoint
CREATE TRIGGER "services_row_version_sums_updated" AFTER UPDATE ON "services" REFERENCING OLD TABLE AS replaced_rows NEW TABLE AS updated_rows FOR EACH STATEMENT EXECUTE FUNCTION row_version_sums_updated();
--> statement-breakpoint
CREATE TRIGGER "services_row_version_sums_deleted" AFTER DELETE ON "services" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION row_version_sums_added_or_removed();
--> statement-breakpoint
CREATE TRIGGER "services_row_version_sums_truncated" AFTER TRUNCATE ON "services" FOR EACH STATEMENT EXECUTE FUNCTION row_version_sums_truncated();
--> statement-breakpoint
-- The rows already there, one row per bucket.
INSERT INTO row_version_sums (source, bucket, count, versions, ids)
SELECT 'contacts', get_byte(uuid_send(id), 0), count(*), sum(version), sum(row_version_id_sum(id)) FROM contacts GROUP BY 2;
--> statement-breakpoint
INSERT INTO row_version_sums (source, bucket, count, versions, ids)
SELECT 'services', get_byte(uuid_send(id), 0), count(*), sum(version), sum(row_version_id_sum(id)) FROM services GROUP BY 2;
