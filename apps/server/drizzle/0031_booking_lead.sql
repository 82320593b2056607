CREATE TABLE "booking_lead" (
	"day" date NOT NULL,
	"lead_days" integer NOT NULL,
	"lead_bin" integer NOT NULL,
	"bookings" integer NOT NULL,
	CONSTRAINT "booking_lead_day_lead_days_lead_bin_pk" PRIMARY KEY("day","lead_days","lead_bin")
);
--> statement-breakpoint
-- Bookings not cancelled per local day, calendar days ahead and lead in hundredths of a day (decision 087), kept
-- like booking_figures in the writer's transaction and counted in booking_figures_zone's time zone. An update
-- subtracts the old rows and adds the new ones; unchanged rows cancel out (HAVING).
CREATE FUNCTION "booking_lead_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE "zone" text := (SELECT "time_zone" FROM "booking_figures_zone");
BEGIN
  IF "zone" IS NULL THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "booking_lead" ("day", "lead_days", "lead_bin", "bookings")
    SELECT ("starts_at" AT TIME ZONE "zone")::date,
           ("starts_at" AT TIME ZONE "zone")::date - ("created_at" AT TIME ZONE "zone")::date,
           floor(greatest(0, extract(epoch from "starts_at" - "created_at")) / 864)::int, count(*)::int
      FROM "new_rows" WHERE "status" <> 'cancelled' GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT ("day", "lead_days", "lead_bin") DO UPDATE SET "bookings" = "booking_lead"."bookings" + excluded."bookings";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "booking_lead" ("day", "lead_days", "lead_bin", "bookings")
    SELECT ("starts_at" AT TIME ZONE "zone")::date,
           ("starts_at" AT TIME ZONE "zone")::date - ("created_at" AT TIME ZONE "zone")::date,
           floor(greatest(0, extract(epoch from "starts_at" - "created_at")) / 864)::int, -count(*)::int
      FROM "old_rows" WHERE "status" <> 'cancelled' GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT ("day", "lead_days", "lead_bin") DO UPDATE SET "bookings" = "booking_lead"."bookings" + excluded."bookings";
  ELSE
    INSERT INTO "booking_lead" ("day", "lead_days", "lead_bin", "bookings")
    SELECT ("starts_at" AT TIME ZONE "zone")::date,
           ("starts_at" AT TIME ZONE "zone")::date - ("created_at" AT TIME ZONE "zone")::date,
           floor(greatest(0, extract(epoch from "starts_at" - "created_at")) / 864)::int, sum("delta")::int
      FROM (
        SELECT "starts_at", "created_at", -1 AS "delta" FROM "old_rows" WHERE "status" <> 'cancelled'
        UNION ALL
        SELECT "starts_at", "created_at", 1 FROM "new_rows" WHERE "status" <> 'cancelled') c
     GROUP BY 1, 2, 3 HAVING sum("delta") <> 0 ORDER BY 1, 2, 3
    ON CONFLICT ("day", "lead_days", "lead_bin") DO UPDATE SET "bookings" = "booking_lead"."bookings" + excluded."bookings";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "booking_lead_insert" AFTER INSERT ON "booking" REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "booking_lead_apply"();
--> statement-breakpoint
CREATE TRIGGER "booking_lead_delete" AFTER DELETE ON "booking" REFERENCING OLD TABLE AS "old_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "booking_lead_apply"();
--> statement-breakpoint
CREATE TRIGGER "booking_lead_update" AFTER UPDATE ON "booking" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "booking_lead_apply"();
--> statement-breakpoint
-- booking_figures_rebuild counts the leads too: one zone and one lock for both summaries.
CREATE OR REPLACE FUNCTION "booking_figures_rebuild"("zone" text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE "booking" IN SHARE ROW EXCLUSIVE MODE;
  DELETE FROM "booking_figures";
  INSERT INTO "booking_figures" ("day", "style", "type", "status", "cancelled_by", "bookings")
  SELECT ("starts_at" AT TIME ZONE "zone")::date, "style", "type", "status", "cancelled_by", count(*)::int
    FROM "booking" GROUP BY 1, 2, 3, 4, 5;
  DELETE FROM "booking_lead";
  INSERT INTO "booking_lead" ("day", "lead_days", "lead_bin", "bookings")
  SELECT ("starts_at" AT TIME ZONE "zone")::date,
         ("starts_at" AT TIME ZONE "zone")::date - ("created_at" AT TIME ZONE "zone")::date,
         floor(greatest(0, extract(epoch from "starts_at" - "created_at")) / 864)::int, count(*)::int
    FROM "booking" WHERE "status" <> 'cancelled' GROUP BY 1, 2, 3;
  INSERT INTO "booking_figures_zone" ("id", "time_zone") VALUES (true, "zone")
  ON CONFLICT ("id") DO UPDATE SET "time_zone" = excluded."time_zone";
END $$;
--> statement-breakpoint
-- Where the figures were already built, the leads are counted now in the same zone.
SELECT "booking_figures_rebuild"("time_zone") FROM "booking_figures_zone";
