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
ALTER TABLE "online_refund" ADD CONSTRAINT "online_refund_online_payment_id_online_payment_id_fk" FOREIGN KEY ("online_payment_id") REFERENCES "public"."online_payment"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "online_refund" ADD CONSTRAINT "online_refund_booking_id_booking_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."booking"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "online_refund" ADD CONSTRAINT "online_refund_payment_id_payment_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payment"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "online_refund_payment_idx" ON "online_refund" USING btree ("online_payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "online_refund_stripe_idx" ON "online_refund" USING btree ("stripe_refund_id");--> statement-breakpoint
CREATE INDEX "online_refund_status_idx" ON "online_refund" USING btree ("status");--> statement-breakpoint
-- hand-written (issue 13)
ALTER TABLE "online_refund" ADD CONSTRAINT "online_refund_amount_positive" CHECK ("amount_pence" > 0);--> statement-breakpoint
ALTER TABLE "online_refund" ADD CONSTRAINT "online_refund_status_known"
  CHECK ("status" IN ('requested', 'retrying', 'pending', 'succeeded', 'failed'));--> statement-breakpoint
-- Never in the books unless Stripe said it succeeded.
ALTER TABLE "online_refund" ADD CONSTRAINT "online_refund_recorded_only_succeeded"
  CHECK ("status" = 'succeeded' OR "payment_id" IS NULL);
