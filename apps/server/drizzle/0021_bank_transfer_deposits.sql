CREATE TABLE "bank_transfer_deposit" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"reference" text NOT NULL,
	"amount_pence" integer NOT NULL,
	"status" text DEFAULT 'awaiting' NOT NULL,
	"hold_expires_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone,
	"matched_by" text,
	"payment_id" uuid,
	"refund_id" uuid,
	"settlement" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bank_transfer_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"deposit" jsonb NOT NULL,
	"hold_hours" integer NOT NULL,
	"account_name" text NOT NULL,
	"sort_code" text NOT NULL,
	"account_number" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bank_transfer_deposit" ADD CONSTRAINT "bank_transfer_deposit_booking_id_booking_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."booking"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_transfer_deposit" ADD CONSTRAINT "bank_transfer_deposit_payment_id_payment_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payment"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_transfer_deposit" ADD CONSTRAINT "bank_transfer_deposit_refund_id_payment_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."payment"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bank_transfer_deposit_booking_idx" ON "bank_transfer_deposit" USING btree ("booking_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_transfer_deposit_reference_idx" ON "bank_transfer_deposit" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "bank_transfer_deposit_hold_idx" ON "bank_transfer_deposit" USING btree ("status","hold_expires_at");