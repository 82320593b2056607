CREATE TABLE "health_record" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" text NOT NULL,
	"questionnaire_version" integer NOT NULL,
	"sealed" text NOT NULL,
	"red_flag" boolean NOT NULL,
	"signed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"acknowledged_at" timestamp with time zone,
	"acknowledged_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "records_settings" (
	"id" text PRIMARY KEY DEFAULT 'practice' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"questions" jsonb NOT NULL,
	"consent_text" text NOT NULL,
	"renew_months" integer DEFAULT 12 NOT NULL,
	"retention_years" integer DEFAULT 8 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "treatment_note" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" text NOT NULL,
	"booking_id" uuid,
	"author_id" text NOT NULL,
	"author_name" text NOT NULL,
	"sealed" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "treatment_note_amendment" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"note_id" uuid NOT NULL,
	"author_id" text NOT NULL,
	"author_name" text NOT NULL,
	"sealed" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outside_busy" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"calendar_id" uuid NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"title" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outside_calendar" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"label" text NOT NULL,
	"url" text NOT NULL,
	"etag" text,
	"last_modified" text,
	"checked_at" timestamp with time zone,
	"refreshed_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "health_record" ADD CONSTRAINT "health_record_client_id_user_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "treatment_note" ADD CONSTRAINT "treatment_note_client_id_user_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "treatment_note" ADD CONSTRAINT "treatment_note_booking_id_booking_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."booking"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "treatment_note_amendment" ADD CONSTRAINT "treatment_note_amendment_note_id_treatment_note_id_fk" FOREIGN KEY ("note_id") REFERENCES "public"."treatment_note"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outside_busy" ADD CONSTRAINT "outside_busy_calendar_id_outside_calendar_id_fk" FOREIGN KEY ("calendar_id") REFERENCES "public"."outside_calendar"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "health_record_client_idx" ON "health_record" USING btree ("client_id","signed_at");--> statement-breakpoint
CREATE INDEX "treatment_note_client_idx" ON "treatment_note" USING btree ("client_id","created_at");--> statement-breakpoint
CREATE INDEX "treatment_note_booking_idx" ON "treatment_note" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "treatment_note_amendment_note_idx" ON "treatment_note_amendment" USING btree ("note_id");--> statement-breakpoint
CREATE INDEX "outside_busy_range_idx" ON "outside_busy" USING btree ("starts_at","ends_at");