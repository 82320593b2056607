CREATE TABLE "hmrc_connection" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"vrn" text NOT NULL,
	"sealed_tokens" text,
	"pending_state" text,
	"pending_since" timestamp with time zone,
	"connected_at" timestamp with time zone,
	"connected_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vat_moved_entry" (
	"entry_id" uuid PRIMARY KEY NOT NULL,
	"intended_date" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vat_return" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"vrn" text NOT NULL,
	"period_key" text NOT NULL,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"status" text NOT NULL,
	"boxes" jsonb,
	"processing_date" text,
	"form_bundle_number" text,
	"charge_ref_number" text,
	"payment_indicator" text,
	"submitted_at" timestamp with time zone,
	"submitted_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "vat_moved_entry" ADD CONSTRAINT "vat_moved_entry_entry_id_journal_entry_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."journal_entry"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "vat_return_period_idx" ON "vat_return" USING btree ("vrn","period_key");