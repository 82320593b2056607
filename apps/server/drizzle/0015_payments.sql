CREATE TABLE "online_payment" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid,
	"purpose" text NOT NULL,
	"amount_pence" integer NOT NULL,
	"currency" text NOT NULL,
	"intent_id" text,
	"status" text DEFAULT 'awaiting' NOT NULL,
	"hold_expires_at" timestamp with time zone NOT NULL,
	"payment_id" uuid,
	"refund_id" uuid,
	"settlement" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_policy" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"rules" jsonb NOT NULL,
	"free_cancellation_hours" integer DEFAULT 24 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stripe_event" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"object_id" text,
	"outcome" text DEFAULT '' NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "online_payment" ADD CONSTRAINT "online_payment_booking_id_booking_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."booking"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "online_payment" ADD CONSTRAINT "online_payment_payment_id_payment_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payment"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "online_payment" ADD CONSTRAINT "online_payment_refund_id_payment_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."payment"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "online_payment_booking_idx" ON "online_payment" USING btree ("booking_id");--> statement-breakpoint
CREATE UNIQUE INDEX "online_payment_intent_idx" ON "online_payment" USING btree ("intent_id");--> statement-breakpoint
CREATE INDEX "online_payment_hold_idx" ON "online_payment" USING btree ("status","hold_expires_at");--> statement-breakpoint
-- A booking awaiting payment holds its time like a pending or confirmed one (issue 13): the no-overlap constraint
-- covers it, so a second client cannot take the time while the first one pays.
ALTER TABLE "booking" DROP CONSTRAINT "booking_status_known";--> statement-breakpoint
ALTER TABLE "booking" ADD CONSTRAINT "booking_status_known"
  CHECK ("status" IN ('awaiting_payment', 'pending', 'confirmed', 'completed', 'no_show', 'cancelled'));--> statement-breakpoint
ALTER TABLE "booking" DROP CONSTRAINT "booking_no_overlap";--> statement-breakpoint
ALTER TABLE "booking" ADD CONSTRAINT "booking_no_overlap"
  EXCLUDE USING gist (tstzrange("starts_at", "occupied_until", '[)') WITH &&)
  WHERE ("status" IN ('awaiting_payment', 'pending', 'confirmed'));--> statement-breakpoint
ALTER TABLE "online_payment" ADD CONSTRAINT "online_payment_amount_positive" CHECK ("amount_pence" > 0);--> statement-breakpoint
ALTER TABLE "online_payment" ADD CONSTRAINT "online_payment_status_known"
  CHECK ("status" IN ('awaiting', 'succeeded', 'failed', 'cancelled'));--> statement-breakpoint
ALTER TABLE "online_payment" ADD CONSTRAINT "online_payment_settlement_known"
  CHECK ("settlement" IS NULL OR "settlement" IN ('held', 'recognised', 'kept', 'refunded'));--> statement-breakpoint
INSERT INTO "payment_policy" ("id", "rules", "free_cancellation_hours") VALUES (1,
  '{"therapeutic":{"newClient":{"kind":"none"},"returningClient":{"kind":"none"}},"sensual":{"newClient":{"kind":"none"},"returningClient":{"kind":"none"}}}',
  24)
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "ledger_account" ("code", "name", "kind", "system") VALUES
  ('1030', 'Stripe clearing', 'asset', true),
  ('2300', 'Deposits held', 'liability', true)
ON CONFLICT ("code") DO NOTHING;
