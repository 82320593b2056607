CREATE TABLE "contact_preference" (
	"user_id" text PRIMARY KEY NOT NULL,
	"channel" text DEFAULT 'both' NOT NULL,
	"phone" text,
	"phone_verified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "phone_verification" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"phone" text NOT NULL,
	"code_hash" text NOT NULL,
	"requested_from" text DEFAULT '' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"wrong_guesses" integer DEFAULT 0 NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "text_opt_out" (
	"phone" text PRIMARY KEY NOT NULL,
	"opted_out_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "text_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"channel" text DEFAULT 'sms' NOT NULL,
	"recipient" text NOT NULL,
	"body" text NOT NULL,
	"booking_id" uuid,
	"dedupe_key" text,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"provider_id" text,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "text_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"whatsapp" boolean DEFAULT false NOT NULL,
	"reminder_hours" jsonb DEFAULT '[24]'::jsonb NOT NULL,
	"templates" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"require_verified_phone" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contact_preference" ADD CONSTRAINT "contact_preference_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "phone_verification" ADD CONSTRAINT "phone_verification_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "text_outbox" ADD CONSTRAINT "text_outbox_booking_id_booking_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."booking"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "phone_verification_phone_idx" ON "phone_verification" USING btree ("phone","created_at");--> statement-breakpoint
CREATE INDEX "phone_verification_from_idx" ON "phone_verification" USING btree ("requested_from","created_at");--> statement-breakpoint
CREATE INDEX "phone_verification_user_idx" ON "phone_verification" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "text_outbox_dedupe_idx" ON "text_outbox" USING btree ("dedupe_key");--> statement-breakpoint
CREATE UNIQUE INDEX "text_outbox_provider_idx" ON "text_outbox" USING btree ("provider_id");--> statement-breakpoint
CREATE INDEX "text_outbox_due_idx" ON "text_outbox" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "text_outbox_booking_idx" ON "text_outbox" USING btree ("booking_id");