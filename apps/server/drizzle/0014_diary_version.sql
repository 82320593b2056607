CREATE TABLE "diary_version" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
INSERT INTO "diary_version" ("id", "version") VALUES (1, 0);
--> statement-breakpoint
-- Decision 045: once per transaction, at its commit (the triggers below are deferred constraint triggers), the
-- diary's number goes up. Taken last, the row's lock is held for a moment and never before another lock, so two
-- writers cannot deadlock on it; a reader sees the new number exactly when it sees the change.
CREATE FUNCTION "diary_version_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('app.diary_bumped', true) IS DISTINCT FROM txid_current()::text THEN
    PERFORM set_config('app.diary_bumped', txid_current()::text, true);
    UPDATE "diary_version" SET "version" = "version" + 1 WHERE "id" = 1;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "booking_diary_version" AFTER INSERT OR UPDATE OR DELETE ON "booking"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "diary_version_bump"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "blocked_period_diary_version" AFTER INSERT OR UPDATE OR DELETE ON "blocked_period"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "diary_version_bump"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "availability_override_diary_version" AFTER INSERT OR UPDATE OR DELETE ON "availability_override"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "diary_version_bump"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "business_settings_diary_version" AFTER INSERT OR UPDATE OR DELETE ON "business_settings"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "diary_version_bump"();
--> statement-breakpoint
CREATE TRIGGER "booking_diary_version_truncate" AFTER TRUNCATE ON "booking"
  FOR EACH STATEMENT EXECUTE FUNCTION "diary_version_bump"();
--> statement-breakpoint
CREATE TRIGGER "blocked_period_diary_version_truncate" AFTER TRUNCATE ON "blocked_period"
  FOR EACH STATEMENT EXECUTE FUNCTION "diary_version_bump"();
--> statement-breakpoint
CREATE TRIGGER "availability_override_diary_version_truncate" AFTER TRUNCATE ON "availability_override"
  FOR EACH STATEMENT EXECUTE FUNCTION "diary_version_bump"();
