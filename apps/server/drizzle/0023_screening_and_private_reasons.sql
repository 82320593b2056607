CREATE TABLE "private_reason" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"client_id" text,
	"booking_id" uuid,
	"reason" text NOT NULL,
	"author_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "screening_answer" (
	"booking_id" uuid PRIMARY KEY NOT NULL,
	"answers" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "screening_settings" (
	"id" text PRIMARY KEY DEFAULT 'practice' NOT NULL,
	"questions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"require_verified_email" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "private_reason" ADD CONSTRAINT "private_reason_client_id_user_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "private_reason" ADD CONSTRAINT "private_reason_booking_id_booking_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."booking"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screening_answer" ADD CONSTRAINT "screening_answer_booking_id_booking_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."booking"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "private_reason_client_idx" ON "private_reason" USING btree ("client_id","created_at");--> statement-breakpoint
CREATE INDEX "private_reason_booking_idx" ON "private_reason" USING btree ("booking_id");