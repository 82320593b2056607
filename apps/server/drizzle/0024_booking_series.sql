CREATE TABLE "booking_series" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" text,
	"every_weeks" integer NOT NULL,
	"rule" text NOT NULL,
	"local_time" text NOT NULL,
	"weekday" integer NOT NULL,
	"requested_count" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "booking_series_member" (
	"booking_id" uuid PRIMARY KEY NOT NULL,
	"series_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "booking_series" ADD CONSTRAINT "booking_series_client_id_user_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_series_member" ADD CONSTRAINT "booking_series_member_booking_id_booking_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."booking"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_series_member" ADD CONSTRAINT "booking_series_member_series_id_booking_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."booking_series"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "booking_series_key_idx" ON "booking_series" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "booking_series_client_idx" ON "booking_series" USING btree ("client_id");--> statement-breakpoint
CREATE UNIQUE INDEX "booking_series_member_position_idx" ON "booking_series_member" USING btree ("series_id","position");