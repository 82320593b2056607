CREATE TABLE "booking_figures" (
	"day" date NOT NULL,
	"style" text NOT NULL,
	"type" text NOT NULL,
	"status" text NOT NULL,
	"cancelled_by" text,
	"bookings" integer NOT NULL,
	CONSTRAINT "booking_figures_key" UNIQUE NULLS NOT DISTINCT("day","style","type","status","cancelled_by")
);
--> statement-breakpoint
CREATE TABLE "booking_figures_zone" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"time_zone" text NOT NULL
);
--> statement-breakpoint
-- Bookings per local day, style, type, status and who cancelled (decision 087), kept like booking_day (decision 030):
-- statement triggers with transition tables add and subtract whole statements in key order, in the transaction that
-- changed the bookings, so the figures are exact at every commit. Nothing is counted until booking_figures_zone
-- names the time zone (booking_figures_rebuild sets it and counts every booking once).
CREATE FUNCTION "booking_figures_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE "zone" text := (SELECT "time_zone" FROM "booking_figures_zone");
BEGIN
  IF "zone" IS NULL THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "booking_figures" ("day", "style", "type", "status", "cancelled_by", "bookings")
    SELECT ("starts_at" AT TIME ZONE "zone")::date, "style", "type", "status", "cancelled_by", count(*)::int
      FROM "new_rows" GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT ON CONSTRAINT "booking_figures_key"
    DO UPDATE SET "bookings" = "booking_figures"."bookings" + excluded."bookings";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "booking_figures" ("day", "style", "type", "status", "cancelled_by", "bookings")
    SELECT ("starts_at" AT TIME ZONE "zone")::date, "style", "type", "status", "cancelled_by", -count(*)::int
      FROM "old_rows" GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT ON CONSTRAINT "booking_figures_key"
    DO UPDATE SET "bookings" = "booking_figures"."bookings" + excluded."bookings";
  ELSE
    INSERT INTO "booking_figures" ("day", "style", "type", "status", "cancelled_by", "bookings")
    SELECT c."day", c."style", c."type", c."status", c."cancelled_by", sum(c."delta")::int FROM (
      SELECT (o."starts_at" AT TIME ZONE "zone")::date AS "day", o."style", o."type", o."status", o."cancelled_by",
             -1 AS "delta"
        FROM "old_rows" o JOIN "new_rows" n USING ("id")
       WHERE (o."starts_at", o."style", o."type", o."status", o."cancelled_by")
             IS DISTINCT FROM (n."starts_at", n."style", n."type", n."status", n."cancelled_by")
      UNION ALL
      SELECT (n."starts_at" AT TIME ZONE "zone")::date, n."style", n."type", n."status", n."cancelled_by", 1
        FROM "old_rows" o JOIN "new_rows" n USING ("id")
       WHERE (o."starts_at", o."style", o."type", o."status", o."cancelled_by")
             IS DISTINCT FROM (n."starts_at", n."style", n."type", n."status", n."cancelled_by")) c
     GROUP BY 1, 2, 3, 4, 5 HAVING sum(c."delta") <> 0 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT ON CONSTRAINT "booking_figures_key"
    DO UPDATE SET "bookings" = "booking_figures"."bookings" + excluded."bookings";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "booking_figures_insert" AFTER INSERT ON "booking" REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "booking_figures_apply"();
--> statement-breakpoint
CREATE TRIGGER "booking_figures_delete" AFTER DELETE ON "booking" REFERENCING OLD TABLE AS "old_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "booking_figures_apply"();
--> statement-breakpoint
CREATE TRIGGER "booking_figures_update" AFTER UPDATE ON "booking" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "booking_figures_apply"();
--> statement-breakpoint
-- Counts every booking again in a time zone. Writers wait for it (the lock), so nothing is counted twice or missed.
CREATE FUNCTION "booking_figures_rebuild"("zone" text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE "booking" IN SHARE ROW EXCLUSIVE MODE;
  DELETE FROM "booking_figures";
  INSERT INTO "booking_figures" ("day", "style", "type", "status", "cancelled_by", "bookings")
  SELECT ("starts_at" AT TIME ZONE "zone")::date, "style", "type", "status", "cancelled_by", count(*)::int
    FROM "booking" GROUP BY 1, 2, 3, 4, 5;
  INSERT INTO "booking_figures_zone" ("id", "time_zone") VALUES (true, "zone")
  ON CONFLICT ("id") DO UPDATE SET "time_zone" = excluded."time_zone";
END $$;
