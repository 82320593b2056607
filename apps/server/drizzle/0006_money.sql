CREATE TABLE "expense" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"date" date NOT NULL,
	"supplier" text NOT NULL,
	"category_id" uuid NOT NULL,
	"amount_pence" integer NOT NULL,
	"vat_pence" integer DEFAULT 0 NOT NULL,
	"payment_method" text NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"import_key" text,
	"journal_entry_id" uuid,
	"deleted_at" timestamp with time zone,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "expense_category" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"account_code" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "expense_receipt" (
	"expense_id" uuid NOT NULL,
	"file_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text DEFAULT 'invoice' NOT NULL,
	"series" text NOT NULL,
	"number" integer,
	"status" text DEFAULT 'draft' NOT NULL,
	"booking_id" uuid,
	"client_id" text,
	"bill_to_name" text NOT NULL,
	"bill_to_email" text,
	"bill_to_address" text DEFAULT '' NOT NULL,
	"issue_date" date,
	"due_date" date,
	"subtotal_pence" integer DEFAULT 0 NOT NULL,
	"vat_pence" integer DEFAULT 0 NOT NULL,
	"total_pence" integer DEFAULT 0 NOT NULL,
	"amount_paid_pence" integer DEFAULT 0 NOT NULL,
	"credits_invoice_id" uuid,
	"notes" text DEFAULT '' NOT NULL,
	"issued_at" timestamp with time zone,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_counter" (
	"series" text PRIMARY KEY NOT NULL,
	"last_number" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_line" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"description" text NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	"unit_price_pence" integer NOT NULL,
	"vat_rate_bp" integer DEFAULT 0 NOT NULL,
	"net_pence" integer NOT NULL,
	"vat_pence" integer NOT NULL,
	"style" text,
	"service_type" text
);
--> statement-breakpoint
CREATE TABLE "journal_entry" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" integer GENERATED ALWAYS AS IDENTITY (sequence name "journal_entry_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"date" date NOT NULL,
	"description" text NOT NULL,
	"source_type" text NOT NULL,
	"source_id" text,
	"reverses_entry_id" uuid,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "journal_line" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"entry_id" uuid NOT NULL,
	"account_code" text NOT NULL,
	"debit_pence" integer DEFAULT 0 NOT NULL,
	"credit_pence" integer DEFAULT 0 NOT NULL,
	"date" date NOT NULL,
	"style" text,
	"service_type" text,
	"memo" text DEFAULT '' NOT NULL,
	"vat_kind" text
);
--> statement-breakpoint
CREATE TABLE "ledger_account" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"system" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stored_file" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bucket" text NOT NULL,
	"path" text NOT NULL,
	"generation" text NOT NULL,
	"metageneration" integer DEFAULT 1 NOT NULL,
	"size" integer NOT NULL,
	"md5_hash" text NOT NULL,
	"content_type" text NOT NULL,
	"cache_control" text,
	"content_disposition" text,
	"content_encoding" text,
	"content_language" text,
	"custom_metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"uploaded_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "business_settings" ADD COLUMN "vat_registered" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "business_settings" ADD COLUMN "vat_number" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "business_settings" ADD COLUMN "vat_rate_bp" integer DEFAULT 2000 NOT NULL;--> statement-breakpoint
ALTER TABLE "business_settings" ADD COLUMN "invoice_due_days" integer DEFAULT 14 NOT NULL;--> statement-breakpoint
ALTER TABLE "business_settings" ADD COLUMN "invoice_footer" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "payment" ADD COLUMN "invoice_id" uuid;--> statement-breakpoint
ALTER TABLE "payment" ADD COLUMN "kind" text DEFAULT 'payment' NOT NULL;--> statement-breakpoint
ALTER TABLE "expense" ADD CONSTRAINT "expense_category_id_expense_category_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."expense_category"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_category" ADD CONSTRAINT "expense_category_account_code_ledger_account_code_fk" FOREIGN KEY ("account_code") REFERENCES "public"."ledger_account"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_receipt" ADD CONSTRAINT "expense_receipt_expense_id_expense_id_fk" FOREIGN KEY ("expense_id") REFERENCES "public"."expense"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_receipt" ADD CONSTRAINT "expense_receipt_file_id_stored_file_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_file"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice" ADD CONSTRAINT "invoice_booking_id_booking_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."booking"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice" ADD CONSTRAINT "invoice_client_id_user_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_line" ADD CONSTRAINT "invoice_line_invoice_id_invoice_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoice"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_line" ADD CONSTRAINT "journal_line_entry_id_journal_entry_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."journal_entry"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_line" ADD CONSTRAINT "journal_line_account_code_ledger_account_code_fk" FOREIGN KEY ("account_code") REFERENCES "public"."ledger_account"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stored_file" ADD CONSTRAINT "stored_file_uploaded_by_user_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "expense_date_idx" ON "expense" USING btree ("date");--> statement-breakpoint
CREATE INDEX "expense_category_date_idx" ON "expense" USING btree ("category_id","date");--> statement-breakpoint
CREATE INDEX "expense_import_key_idx" ON "expense" USING btree ("import_key");--> statement-breakpoint
CREATE UNIQUE INDEX "expense_category_name_idx" ON "expense_category" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "expense_receipt_pk" ON "expense_receipt" USING btree ("expense_id","file_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_number_idx" ON "invoice" USING btree ("series","number");--> statement-breakpoint
CREATE INDEX "invoice_status_idx" ON "invoice" USING btree ("status","issue_date");--> statement-breakpoint
CREATE INDEX "invoice_booking_idx" ON "invoice" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "invoice_client_idx" ON "invoice" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "invoice_line_invoice_idx" ON "invoice_line" USING btree ("invoice_id","position");--> statement-breakpoint
CREATE INDEX "journal_entry_date_idx" ON "journal_entry" USING btree ("date");--> statement-breakpoint
CREATE INDEX "journal_entry_source_idx" ON "journal_entry" USING btree ("source_type","source_id");--> statement-breakpoint
CREATE UNIQUE INDEX "journal_entry_reverses_idx" ON "journal_entry" USING btree ("reverses_entry_id");--> statement-breakpoint
CREATE INDEX "journal_line_entry_idx" ON "journal_line" USING btree ("entry_id");--> statement-breakpoint
CREATE INDEX "journal_line_date_idx" ON "journal_line" USING btree ("date");--> statement-breakpoint
CREATE UNIQUE INDEX "stored_file_path_idx" ON "stored_file" USING btree ("bucket","path");--> statement-breakpoint
ALTER TABLE "payment" ADD CONSTRAINT "payment_invoice_id_invoice_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoice"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_invoice_idx" ON "payment" USING btree ("invoice_id");--> statement-breakpoint
ALTER TABLE "journal_line" ADD CONSTRAINT "journal_line_one_side" CHECK ("debit_pence" >= 0 AND "credit_pence" >= 0 AND ("debit_pence" = 0) <> ("credit_pence" = 0));--> statement-breakpoint
ALTER TABLE "expense" ADD CONSTRAINT "expense_amounts" CHECK ("amount_pence" > 0 AND "vat_pence" >= 0 AND "vat_pence" <= "amount_pence");--> statement-breakpoint
ALTER TABLE "invoice_line" ADD CONSTRAINT "invoice_line_amounts" CHECK ("quantity" > 0 AND "vat_rate_bp" >= 0 AND "vat_rate_bp" <= 10000);--> statement-breakpoint
ALTER TABLE "payment" ADD CONSTRAINT "payment_amount_positive" CHECK ("amount_pence" > 0);--> statement-breakpoint
ALTER TABLE "invoice" ADD CONSTRAINT "invoice_issued_has_number" CHECK (("status" = 'draft') = ("number" IS NULL));--> statement-breakpoint
-- The ledger is append-only: a mistake is corrected by a reversing entry, never by an edit.
CREATE FUNCTION ledger_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'journal entries are immutable: post a reversing entry instead' USING ERRCODE = 'check_violation';
END $$;--> statement-breakpoint
CREATE TRIGGER journal_entry_immutable BEFORE UPDATE OR DELETE ON "journal_entry" FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();--> statement-breakpoint
CREATE TRIGGER journal_line_immutable BEFORE UPDATE OR DELETE ON "journal_line" FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();--> statement-breakpoint
-- Checked at commit, once all of an entry's lines are in: debits equal credits, and there are at least two lines.
CREATE FUNCTION ledger_check_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  difference bigint;
  line_count integer;
BEGIN
  SELECT coalesce(sum(debit_pence - credit_pence), 0), count(*) INTO difference, line_count
    FROM journal_line WHERE entry_id = NEW.entry_id;
  IF difference <> 0 OR line_count < 2 THEN
    RAISE EXCEPTION 'journal entry % does not balance (difference %, % lines)', NEW.entry_id, difference, line_count
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER journal_line_balanced AFTER INSERT ON "journal_line" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_check_balanced();--> statement-breakpoint
INSERT INTO "ledger_account" ("code", "name", "kind", "system") VALUES
  ('1000', 'Cash', 'asset', true),
  ('1010', 'Bank', 'asset', true),
  ('1020', 'Card clearing', 'asset', true),
  ('1100', 'Accounts receivable', 'asset', true),
  ('2200', 'VAT', 'liability', true),
  ('3000', 'Owner''s equity', 'equity', true),
  ('4000', 'Sales: therapeutic massage', 'income', true),
  ('4010', 'Sales: sensual massage', 'income', true),
  ('4090', 'Other income', 'income', true),
  ('5000', 'Oils and supplies', 'expense', false),
  ('5010', 'Laundry', 'expense', false),
  ('5020', 'Rent', 'expense', false),
  ('5030', 'Advertising', 'expense', false),
  ('5040', 'Travel', 'expense', false),
  ('5050', 'Equipment', 'expense', false),
  ('5060', 'Utilities and phone', 'expense', false),
  ('5070', 'Insurance and fees', 'expense', false),
  ('5080', 'Training', 'expense', false),
  ('5090', 'Other expenses', 'expense', false);--> statement-breakpoint
INSERT INTO "expense_category" ("name", "account_code", "sort_order") VALUES
  ('Oils and supplies', '5000', 0),
  ('Laundry', '5010', 1),
  ('Rent', '5020', 2),
  ('Advertising', '5030', 3),
  ('Travel', '5040', 4),
  ('Equipment', '5050', 5),
  ('Utilities and phone', '5060', 6),
  ('Insurance and fees', '5070', 7),
  ('Training', '5080', 8),
  ('Other', '5090', 9);--> statement-breakpoint
INSERT INTO "invoice_counter" ("series", "last_number") VALUES ('INV', 0), ('CN', 0);--> statement-breakpoint
-- Analytics (issue 6): every chart reads its columns from this index alone, so years of bookings are
-- scanned without touching the table.
CREATE INDEX "booking_analytics_idx" ON "booking" ("starts_at", "status", "client_id", "created_at", "duration_minutes", "style", "type", "cancelled_by");--> statement-breakpoint
-- Reports (issue 6): income per day, style and type, VAT by kind, balances, summed from this index alone.
CREATE INDEX "journal_line_report_idx" ON "journal_line" ("account_code", "date", "style", "service_type", "debit_pence", "credit_pence", "vat_kind");
