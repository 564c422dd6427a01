ALTER TABLE "audit_log" ADD COLUMN "study_id" integer;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "prev_hash" "bytea" DEFAULT '\x'::bytea NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "row_hash" "bytea" DEFAULT '\x'::bytea NOT NULL;--> statement-breakpoint
CREATE INDEX "audit_log_study_idx" ON "audit_log" USING btree ("study_id","audit_id");--> statement-breakpoint
-- Issue 12, item 5: a tamper-evident audit trail. Each row stores the previous row's hash and
-- row_hash = sha256(prev_hash || canonical text of its content); `npm run audit:verify` recomputes the chain.
-- The canonical text is a JSON array whose every part is independent of session settings: occurred_at in UTC with
-- microseconds, jsonb (normalised by PostgreSQL), SQL NULL told apart from a JSON null by wrapping the values.
-- The leading tag names this recipe so a later one can be told apart.
CREATE FUNCTION "audit_log_row_hash"(prev bytea, a "audit_log") RETURNS bytea LANGUAGE sql STABLE AS $$
  SELECT sha256(prev || convert_to(jsonb_build_array(
    'predict-audit-v1',
    a.audit_id,
    to_char(a.occurred_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'),
    a.actor_issuer, a.actor_subject, a.actor_name,
    a.entity, a.entity_id, a.entity_version, a.action,
    CASE WHEN a.old_values IS NULL THEN NULL ELSE jsonb_build_array(a.old_values) END,
    CASE WHEN a.new_values IS NULL THEN NULL ELSE jsonb_build_array(a.new_values) END,
    a.study_id
  )::text, 'UTF8'))
$$;
--> statement-breakpoint
-- Backfill the chain over the existing rows in audit_id order. The append-only trigger is off for this one
-- statement only (the migration runs in one transaction as the table's owner, so nobody sees it off).
ALTER TABLE "audit_log" DISABLE TRIGGER "audit_log_no_update_delete";
--> statement-breakpoint
DO $$
DECLARE
  r "audit_log"%ROWTYPE;
  prev bytea := '\x0000000000000000000000000000000000000000000000000000000000000000'::bytea;
BEGIN
  FOR r IN SELECT * FROM "audit_log" ORDER BY "audit_id" LOOP
    r.prev_hash := prev;
    prev := "audit_log_row_hash"(prev, r);
    UPDATE "audit_log" SET "prev_hash" = r.prev_hash, "row_hash" = prev WHERE "audit_id" = r.audit_id;
  END LOOP;
END $$;
--> statement-breakpoint
ALTER TABLE "audit_log" ENABLE TRIGGER "audit_log_no_update_delete";
--> statement-breakpoint
-- audit_id is assigned by the chain trigger under its lock (below), so ids follow the chain; a default drawn
-- before the trigger would be out of order between concurrent transactions.
ALTER TABLE "audit_log" ALTER COLUMN "audit_id" DROP DEFAULT;
--> statement-breakpoint
-- Why the previous row read here is the right one: pg_advisory_xact_lock is held until this transaction commits
-- or rolls back, so once we hold it every other transaction that appended audit rows has ended. A READ COMMITTED
-- transaction takes a new snapshot for each statement of this (volatile) function, after the lock is granted, so
-- the tail it reads is the last committed row, or this transaction's own last row (earlier rows of the same
-- statement included). Ids drawn under the lock follow that order, so the chain runs in audit_id order; a rolled
-- back row leaves only a gap in the ids, never a link to a row that does not exist. REPEATABLE READ and
-- SERIALIZABLE keep the transaction's first snapshot, which may predate rows committed while we waited, so they
-- would fork the chain: they are refused. Cost: audited write transactions serialise from their first audit row
-- to their commit (writes append their audit rows last).
CREATE FUNCTION "audit_log_chain"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  tail bytea;
BEGIN
  IF current_setting('transaction_isolation') <> 'read committed' THEN
    RAISE EXCEPTION 'audit_log rows can only be appended in READ COMMITTED transactions';
  END IF;
  PERFORM pg_advisory_xact_lock(724311002);
  NEW.audit_id := nextval('audit_log_audit_id_seq');
  SELECT "row_hash" INTO tail FROM "audit_log" ORDER BY "audit_id" DESC LIMIT 1;
  NEW.prev_hash := coalesce(tail, '\x0000000000000000000000000000000000000000000000000000000000000000'::bytea);
  NEW.row_hash := "audit_log_row_hash"(NEW.prev_hash, NEW);
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "audit_log_chain" BEFORE INSERT ON "audit_log"
  FOR EACH ROW EXECUTE FUNCTION "audit_log_chain"();
--> statement-breakpoint
CREATE TRIGGER "audit_log_no_truncate" BEFORE TRUNCATE ON "audit_log"
  FOR EACH STATEMENT EXECUTE FUNCTION "audit_log_append_only"();
