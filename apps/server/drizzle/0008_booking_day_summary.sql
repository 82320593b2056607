CREATE TABLE "booking_day" (
	"day" date NOT NULL,
	"status" text NOT NULL,
	"bookings" integer NOT NULL,
	CONSTRAINT "booking_day_day_status_pk" PRIMARY KEY("day","status")
);
--> statement-breakpoint
CREATE TABLE "booking_day_zone" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"time_zone" text NOT NULL
);
--> statement-breakpoint
CREATE INDEX "payment_paid_at_idx" ON "payment" USING btree ("paid_at","amount_pence");--> statement-breakpoint
-- Bookings per local day and status (decision 030). Statement triggers with transition tables add and subtract
-- whole statements at once, in (day, status) order, in the transaction that changed the bookings, so the summary
-- is exact at every commit and a bulk insert costs one upsert per day rather than one per row. Nothing is counted
-- until booking_day_zone names the time zone (booking_day_rebuild sets it and counts every booking once).
CREATE FUNCTION "booking_day_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE "zone" text := (SELECT "time_zone" FROM "booking_day_zone");
BEGIN
  IF "zone" IS NULL THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "booking_day" ("day", "status", "bookings")
    SELECT ("starts_at" AT TIME ZONE "zone")::date, "status", count(*)::int FROM "new_rows" GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT ("day", "status") DO UPDATE SET "bookings" = "booking_day"."bookings" + excluded."bookings";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "booking_day" ("day", "status", "bookings")
    SELECT ("starts_at" AT TIME ZONE "zone")::date, "status", -count(*)::int FROM "old_rows" GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT ("day", "status") DO UPDATE SET "bookings" = "booking_day"."bookings" + excluded."bookings";
  ELSE
    INSERT INTO "booking_day" ("day", "status", "bookings")
    SELECT c."day", c."status", sum(c."delta")::int FROM (
      SELECT (o."starts_at" AT TIME ZONE "zone")::date AS "day", o."status", -1 AS "delta"
        FROM "old_rows" o JOIN "new_rows" n USING ("id")
       WHERE o."starts_at" IS DISTINCT FROM n."starts_at" OR o."status" IS DISTINCT FROM n."status"
      UNION ALL
      SELECT (n."starts_at" AT TIME ZONE "zone")::date, n."status", 1
        FROM "old_rows" o JOIN "new_rows" n USING ("id")
       WHERE o."starts_at" IS DISTINCT FROM n."starts_at" OR o."status" IS DISTINCT FROM n."status") c
     GROUP BY 1, 2 HAVING sum(c."delta") <> 0 ORDER BY 1, 2
    ON CONFLICT ("day", "status") DO UPDATE SET "bookings" = "booking_day"."bookings" + excluded."bookings";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "booking_day_insert" AFTER INSERT ON "booking" REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "booking_day_apply"();
--> statement-breakpoint
CREATE TRIGGER "booking_day_delete" AFTER DELETE ON "booking" REFERENCING OLD TABLE AS "old_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "booking_day_apply"();
--> statement-breakpoint
CREATE TRIGGER "booking_day_update" AFTER UPDATE ON "booking" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "booking_day_apply"();
--> statement-breakpoint
-- Counts every booking again in a time zone. Writers wait for it (the lock), so nothing is counted twice or missed.
CREATE FUNCTION "booking_day_rebuild"("zone" text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE "booking" IN SHARE ROW EXCLUSIVE MODE;
  DELETE FROM "booking_day";
  INSERT INTO "booking_day" ("day", "status", "bookings")
  SELECT ("starts_at" AT TIME ZONE "zone")::date, "status", count(*)::int FROM "booking" GROUP BY 1, 2;
  INSERT INTO "booking_day_zone" ("id", "time_zone") VALUES (true, "zone")
  ON CONFLICT ("id") DO UPDATE SET "time_zone" = excluded."time_zone";
END $$;
