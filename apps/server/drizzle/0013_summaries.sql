CREATE TABLE "client_spend" (
	"client_id" text PRIMARY KEY NOT NULL,
	"payments" integer NOT NULL,
	"spend_pence" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "journal_day" (
	"date" date NOT NULL,
	"account_code" text NOT NULL,
	"style" text,
	"service_type" text,
	"vat_kind" text,
	"debit_pence" bigint NOT NULL,
	"credit_pence" bigint NOT NULL,
	CONSTRAINT "journal_day_key" UNIQUE NULLS NOT DISTINCT("account_code","date","style","service_type","vat_kind")
);
--> statement-breakpoint
-- Journal lines per accounting date, account, style, service type and VAT kind (decision 044). Lines are only ever
-- inserted (journal_line_immutable refuses the rest), so one statement trigger adds each insert's lines, grouped and
-- upserted in key order, in the posting's own transaction: the summary is exact at every commit.
CREATE FUNCTION "journal_day_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "journal_day" ("account_code", "date", "style", "service_type", "vat_kind", "debit_pence", "credit_pence")
  SELECT "account_code", "date", "style", "service_type", "vat_kind", sum("debit_pence"), sum("credit_pence")
    FROM "new_rows" GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT ON CONSTRAINT "journal_day_key" DO UPDATE
    SET "debit_pence" = "journal_day"."debit_pence" + excluded."debit_pence",
        "credit_pence" = "journal_day"."credit_pence" + excluded."credit_pence";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "journal_day_insert" AFTER INSERT ON "journal_line" REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "journal_day_add"();
--> statement-breakpoint
INSERT INTO "journal_day" ("account_code", "date", "style", "service_type", "vat_kind", "debit_pence", "credit_pence")
SELECT "account_code", "date", "style", "service_type", "vat_kind", sum("debit_pence"), sum("credit_pence")
  FROM "journal_line" GROUP BY 1, 2, 3, 4, 5;
--> statement-breakpoint
-- Each client's payments and their sum (decision 044), changed by statement triggers in the payment's transaction:
-- -1/+1 and -amount/+amount per row that left or joined a client, grouped and upserted in client order; a client left
-- with no payment loses the row. Erasing a person sets their payments' client to null, which is such an update.
CREATE FUNCTION "client_spend_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "client_spend" ("client_id", "payments", "spend_pence")
    SELECT "client_id", count(*)::int, sum("amount_pence") FROM "new_rows"
     WHERE "client_id" IS NOT NULL GROUP BY 1 ORDER BY 1
    ON CONFLICT ("client_id") DO UPDATE
      SET "payments" = "client_spend"."payments" + excluded."payments",
          "spend_pence" = "client_spend"."spend_pence" + excluded."spend_pence";
    RETURN NULL;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "client_spend" ("client_id", "payments", "spend_pence")
    SELECT "client_id", -count(*)::int, -sum("amount_pence") FROM "old_rows"
     WHERE "client_id" IS NOT NULL GROUP BY 1 ORDER BY 1
    ON CONFLICT ("client_id") DO UPDATE
      SET "payments" = "client_spend"."payments" + excluded."payments",
          "spend_pence" = "client_spend"."spend_pence" + excluded."spend_pence";
  ELSE
    INSERT INTO "client_spend" ("client_id", "payments", "spend_pence")
    SELECT c."client_id", sum(c."rows")::int, sum(c."pence") FROM (
      SELECT o."client_id", -1 AS "rows", -o."amount_pence"::bigint AS "pence"
        FROM "old_rows" o JOIN "new_rows" n USING ("id")
       WHERE o."client_id" IS DISTINCT FROM n."client_id" OR o."amount_pence" <> n."amount_pence"
      UNION ALL
      SELECT n."client_id", 1, n."amount_pence"::bigint
        FROM "old_rows" o JOIN "new_rows" n USING ("id")
       WHERE o."client_id" IS DISTINCT FROM n."client_id" OR o."amount_pence" <> n."amount_pence") c
     WHERE c."client_id" IS NOT NULL
     GROUP BY 1 HAVING sum(c."rows") <> 0 OR sum(c."pence") <> 0 ORDER BY 1
    ON CONFLICT ("client_id") DO UPDATE
      SET "payments" = "client_spend"."payments" + excluded."payments",
          "spend_pence" = "client_spend"."spend_pence" + excluded."spend_pence";
  END IF;
  DELETE FROM "client_spend" WHERE "payments" = 0 AND "client_id" IN (SELECT "client_id" FROM "old_rows");
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "client_spend_insert" AFTER INSERT ON "payment" REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "client_spend_apply"();
--> statement-breakpoint
CREATE TRIGGER "client_spend_delete" AFTER DELETE ON "payment" REFERENCING OLD TABLE AS "old_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "client_spend_apply"();
--> statement-breakpoint
CREATE TRIGGER "client_spend_update" AFTER UPDATE ON "payment" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "client_spend_apply"();
--> statement-breakpoint
INSERT INTO "client_spend" ("client_id", "payments", "spend_pence")
SELECT "client_id", count(*)::int, sum("amount_pence") FROM "payment" WHERE "client_id" IS NOT NULL GROUP BY 1;
