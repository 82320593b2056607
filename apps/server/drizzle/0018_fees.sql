CREATE TABLE "stripe_balance_transaction" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"amount_pence" integer NOT NULL,
	"fee_pence" integer NOT NULL,
	"currency" text NOT NULL,
	"created" timestamp with time zone NOT NULL,
	"entry_id" uuid,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "stripe_balance_transaction" ADD CONSTRAINT "stripe_balance_transaction_entry_id_journal_entry_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."journal_entry"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stripe_balance_transaction_created_idx" ON "stripe_balance_transaction" USING btree ("created");--> statement-breakpoint
-- hand-written (issue 13)
-- Stripe's fees are exempt from VAT, so this account takes them whole (decision 054).
INSERT INTO "ledger_account" ("code", "name", "kind", "system") VALUES
  ('5075', 'Card processing fees', 'expense', true)
ON CONFLICT ("code") DO NOTHING;
