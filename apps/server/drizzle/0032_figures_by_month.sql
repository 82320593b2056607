CREATE TABLE "booking_figures_month" (
	"month" date NOT NULL,
	"style" text NOT NULL,
	"type" text NOT NULL,
	"status" text NOT NULL,
	"cancelled_by" text,
	"bookings" integer NOT NULL,
	CONSTRAINT "booking_figures_month_key" UNIQUE NULLS NOT DISTINCT("month","style","type","status","cancelled_by")
);
--> statement-breakpoint
CREATE TABLE "journal_month" (
	"month" date NOT NULL,
	"account_code" text NOT NULL,
	"style" text,
	"service_type" text,
	"vat_kind" text,
	"debit_pence" bigint NOT NULL,
	"credit_pence" bigint NOT NULL,
	CONSTRAINT "journal_month_key" UNIQUE NULLS NOT DISTINCT("account_code","month","style","service_type","vat_kind")
);
--> statement-breakpoint
-- booking_figures and journal_day summed by month (decision 096), kept exact in the writer's transaction: a row
-- trigger moves each changed day row's difference into its month's row. A range reads its whole months here and only
-- the days at either end from the daily rows. booking_figures_rebuild counts the months itself (app.figures_rebuild
-- tells the trigger to leave them to it).
CREATE FUNCTION "booking_figures_month_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('app.figures_rebuild', true) = 'on' THEN
    RETURN NULL;
  END IF;
  -- The old row taken out and the new one put in (OLD is null on an insert, NEW on a delete), one upsert per month
  -- row: an upsert's update of a day, which changes only its count, moves just the difference.
  INSERT INTO "booking_figures_month" ("month", "style", "type", "status", "cancelled_by", "bookings")
  SELECT date_trunc('month', c."day"::timestamp)::date, c."style", c."type", c."status", c."cancelled_by",
         sum(c."bookings")::int
    FROM (VALUES (OLD."day", OLD."style", OLD."type", OLD."status", OLD."cancelled_by", -OLD."bookings"),
                 (NEW."day", NEW."style", NEW."type", NEW."status", NEW."cancelled_by", NEW."bookings"))
         AS c("day", "style", "type", "status", "cancelled_by", "bookings")
   WHERE c."day" IS NOT NULL
   GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT ON CONSTRAINT "booking_figures_month_key"
  DO UPDATE SET "bookings" = "booking_figures_month"."bookings" + excluded."bookings";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "booking_figures_month_change" AFTER INSERT OR UPDATE OR DELETE ON "booking_figures"
  FOR EACH ROW EXECUTE FUNCTION "booking_figures_month_apply"();
--> statement-breakpoint
CREATE FUNCTION "journal_month_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- As booking_figures_month_apply: the old row out, the new one in, one upsert per month row.
  INSERT INTO "journal_month" ("account_code", "month", "style", "service_type", "vat_kind", "debit_pence",
                               "credit_pence")
  SELECT c."account_code", date_trunc('month', c."date"::timestamp)::date, c."style", c."service_type", c."vat_kind",
         sum(c."debit_pence"), sum(c."credit_pence")
    FROM (VALUES (OLD."account_code", OLD."date", OLD."style", OLD."service_type", OLD."vat_kind", -OLD."debit_pence",
                  -OLD."credit_pence"),
                 (NEW."account_code", NEW."date", NEW."style", NEW."service_type", NEW."vat_kind", NEW."debit_pence",
                  NEW."credit_pence"))
         AS c("account_code", "date", "style", "service_type", "vat_kind", "debit_pence", "credit_pence")
   WHERE c."date" IS NOT NULL
   GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT ON CONSTRAINT "journal_month_key" DO UPDATE
    SET "debit_pence" = "journal_month"."debit_pence" + excluded."debit_pence",
        "credit_pence" = "journal_month"."credit_pence" + excluded."credit_pence";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "journal_month_change" AFTER INSERT OR UPDATE OR DELETE ON "journal_day"
  FOR EACH ROW EXECUTE FUNCTION "journal_month_apply"();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "booking_figures_rebuild"("zone" text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE "booking" IN SHARE ROW EXCLUSIVE MODE;
  PERFORM set_config('app.figures_rebuild', 'on', true);
  DELETE FROM "booking_figures";
  INSERT INTO "booking_figures" ("day", "style", "type", "status", "cancelled_by", "bookings")
  SELECT ("starts_at" AT TIME ZONE "zone")::date, "style", "type", "status", "cancelled_by", count(*)::int
    FROM "booking" GROUP BY 1, 2, 3, 4, 5;
  DELETE FROM "booking_figures_month";
  INSERT INTO "booking_figures_month" ("month", "style", "type", "status", "cancelled_by", "bookings")
  SELECT date_trunc('month', "day"::timestamp)::date, "style", "type", "status", "cancelled_by", sum("bookings")::int
    FROM "booking_figures" GROUP BY 1, 2, 3, 4, 5;
  PERFORM set_config('app.figures_rebuild', 'off', true);
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
INSERT INTO "booking_figures_month" ("month", "style", "type", "status", "cancelled_by", "bookings")
SELECT date_trunc('month', "day"::timestamp)::date, "style", "type", "status", "cancelled_by", sum("bookings")::int
  FROM "booking_figures" GROUP BY 1, 2, 3, 4, 5;
--> statement-breakpoint
INSERT INTO "journal_month" ("account_code", "month", "style", "service_type", "vat_kind", "debit_pence",
                             "credit_pence")
SELECT "account_code", date_trunc('month', "date"::timestamp)::date, "style", "service_type", "vat_kind", sum("debit_pence"),
       sum("credit_pence")
  FROM "journal_day" GROUP BY 1, 2, 3, 4, 5;
