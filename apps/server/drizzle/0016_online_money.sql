CREATE TABLE "no_show_fee" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"amount_pence" integer NOT NULL,
	"currency" text NOT NULL,
	"consented_at" timestamp with time zone NOT NULL,
	"consent_version" text NOT NULL,
	"customer_id" text,
	"setup_intent_id" text,
	"payment_method_id" text,
	"status" text DEFAULT 'awaiting_card' NOT NULL,
	"intent_id" text,
	"failure_message" text,
	"payment_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "online_refund" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"online_payment_id" uuid NOT NULL,
	"booking_id" uuid,
	"amount_pence" integer NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"stripe_refund_id" text,
	"failure" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"payment_id" uuid,
	"requested_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
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
CREATE TABLE "voucher" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"service_id" uuid,
	"service_name" text,
	"duration_minutes" integer,
	"style" text,
	"service_type" text,
	"vat_rate_bp" integer DEFAULT 0 NOT NULL,
	"value_pence" integer NOT NULL,
	"balance_pence" integer NOT NULL,
	"expired_pence" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'awaiting_payment' NOT NULL,
	"sold_by" text NOT NULL,
	"buyer_id" text,
	"buyer_name" text NOT NULL,
	"buyer_email" text DEFAULT '' NOT NULL,
	"recipient_name" text,
	"recipient_email" text,
	"message" text DEFAULT '' NOT NULL,
	"send_on" date,
	"expires_on" date NOT NULL,
	"intent_id" text,
	"issued_at" timestamp with time zone,
	"emailed_at" timestamp with time zone,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "voucher_redemption" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"voucher_id" uuid NOT NULL,
	"booking_id" uuid,
	"amount_pence" integer NOT NULL,
	"redeemed_by" text,
	"redeemed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "no_show_fee" ADD CONSTRAINT "no_show_fee_booking_id_booking_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."booking"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "no_show_fee" ADD CONSTRAINT "no_show_fee_payment_id_payment_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payment"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "online_refund" ADD CONSTRAINT "online_refund_online_payment_id_online_payment_id_fk" FOREIGN KEY ("online_payment_id") REFERENCES "public"."online_payment"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "online_refund" ADD CONSTRAINT "online_refund_booking_id_booking_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."booking"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "online_refund" ADD CONSTRAINT "online_refund_payment_id_payment_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payment"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stripe_balance_transaction" ADD CONSTRAINT "stripe_balance_transaction_entry_id_journal_entry_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."journal_entry"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher" ADD CONSTRAINT "voucher_service_id_service_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."service"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher" ADD CONSTRAINT "voucher_buyer_id_user_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_redemption" ADD CONSTRAINT "voucher_redemption_voucher_id_voucher_id_fk" FOREIGN KEY ("voucher_id") REFERENCES "public"."voucher"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_redemption" ADD CONSTRAINT "voucher_redemption_booking_id_booking_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."booking"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "no_show_fee_booking_idx" ON "no_show_fee" USING btree ("booking_id");--> statement-breakpoint
CREATE UNIQUE INDEX "no_show_fee_setup_idx" ON "no_show_fee" USING btree ("setup_intent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "no_show_fee_intent_idx" ON "no_show_fee" USING btree ("intent_id");--> statement-breakpoint
CREATE INDEX "online_refund_payment_idx" ON "online_refund" USING btree ("online_payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "online_refund_stripe_idx" ON "online_refund" USING btree ("stripe_refund_id");--> statement-breakpoint
CREATE INDEX "online_refund_status_idx" ON "online_refund" USING btree ("status");--> statement-breakpoint
CREATE INDEX "stripe_balance_transaction_created_idx" ON "stripe_balance_transaction" USING btree ("created");--> statement-breakpoint
CREATE UNIQUE INDEX "voucher_code_idx" ON "voucher" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "voucher_intent_idx" ON "voucher" USING btree ("intent_id");--> statement-breakpoint
CREATE INDEX "voucher_buyer_idx" ON "voucher" USING btree ("buyer_id");--> statement-breakpoint
CREATE INDEX "voucher_status_idx" ON "voucher" USING btree ("status","expires_on");--> statement-breakpoint
CREATE INDEX "voucher_redemption_voucher_idx" ON "voucher_redemption" USING btree ("voucher_id");--> statement-breakpoint
CREATE INDEX "voucher_redemption_booking_idx" ON "voucher_redemption" USING btree ("booking_id");--> statement-breakpoint
-- hand-written (issue 13)
ALTER TABLE "online_refund" ADD CONSTRAINT "online_refund_amount_positive" CHECK ("amount_pence" > 0);--> statement-breakpoint
ALTER TABLE "online_refund" ADD CONSTRAINT "online_refund_status_known"
  CHECK ("status" IN ('requested', 'retrying', 'pending', 'succeeded', 'failed'));--> statement-breakpoint
-- Never in the books unless Stripe said it succeeded.
ALTER TABLE "online_refund" ADD CONSTRAINT "online_refund_recorded_only_succeeded"
  CHECK ("status" = 'succeeded' OR "payment_id" IS NULL);
--> statement-breakpoint
-- Stripe's fees are exempt from VAT, so this account takes them whole (decision 054).
INSERT INTO "ledger_account" ("code", "name", "kind", "system") VALUES
  ('5075', 'Card processing fees', 'expense', true)
ON CONFLICT ("code") DO NOTHING;
--> statement-breakpoint
ALTER TABLE "no_show_fee" ADD CONSTRAINT "no_show_fee_amount_positive" CHECK ("amount_pence" > 0);--> statement-breakpoint
ALTER TABLE "no_show_fee" ADD CONSTRAINT "no_show_fee_status_known"
  CHECK ("status" IN ('awaiting_card', 'card_saved', 'charged', 'failed'));
--> statement-breakpoint
ALTER TABLE "voucher" ADD CONSTRAINT "voucher_balance_within_value"
  CHECK ("value_pence" > 0 AND "balance_pence" >= 0 AND "balance_pence" <= "value_pence");--> statement-breakpoint
ALTER TABLE "voucher" ADD CONSTRAINT "voucher_kind_known" CHECK ("kind" IN ('amount', 'treatment'));--> statement-breakpoint
ALTER TABLE "voucher" ADD CONSTRAINT "voucher_status_known"
  CHECK ("status" IN ('awaiting_payment', 'active', 'expired', 'cancelled'));--> statement-breakpoint
ALTER TABLE "voucher" ADD CONSTRAINT "voucher_sold_by_known"
  CHECK ("sold_by" IN ('cash', 'card', 'bank_transfer', 'online'));--> statement-breakpoint
ALTER TABLE "voucher_redemption" ADD CONSTRAINT "voucher_redemption_amount_positive" CHECK ("amount_pence" > 0);--> statement-breakpoint
INSERT INTO "ledger_account" ("code", "name", "kind", "system") VALUES
  ('2310', 'Gift vouchers outstanding', 'liability', true)
ON CONFLICT ("code") DO NOTHING;
