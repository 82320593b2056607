CREATE TABLE "course_adjustment" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"purchase_id" uuid NOT NULL,
	"change" integer NOT NULL,
	"reason" text NOT NULL,
	"adjusted_by" text,
	"adjusted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "course_product" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"service_id" uuid,
	"service_name" text NOT NULL,
	"style" text NOT NULL,
	"service_type" text NOT NULL,
	"duration_minutes" integer NOT NULL,
	"sessions" integer NOT NULL,
	"price_pence" integer NOT NULL,
	"expiry_months" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "course_purchase" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid,
	"client_id" text NOT NULL,
	"service_id" uuid,
	"service_name" text NOT NULL,
	"style" text NOT NULL,
	"service_type" text NOT NULL,
	"duration_minutes" integer NOT NULL,
	"sessions" integer NOT NULL,
	"sessions_left" integer NOT NULL,
	"price_pence" integer NOT NULL,
	"vat_rate_bp" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'awaiting_payment' NOT NULL,
	"sold_by" text NOT NULL,
	"expired_sessions" integer DEFAULT 0 NOT NULL,
	"expires_on" date NOT NULL,
	"expiry_months" integer NOT NULL,
	"intent_id" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "course_purchase_sessions_left_check" CHECK ("course_purchase"."sessions_left" >= 0 and "course_purchase"."sessions_left" <= "course_purchase"."sessions")
);
--> statement-breakpoint
CREATE TABLE "course_session_use" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"purchase_id" uuid NOT NULL,
	"booking_id" uuid,
	"used_by" text,
	"used_at" timestamp with time zone DEFAULT now() NOT NULL,
	"returned_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "course_adjustment" ADD CONSTRAINT "course_adjustment_purchase_id_course_purchase_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."course_purchase"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_product" ADD CONSTRAINT "course_product_service_id_service_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."service"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_purchase" ADD CONSTRAINT "course_purchase_product_id_course_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."course_product"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_purchase" ADD CONSTRAINT "course_purchase_client_id_user_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_purchase" ADD CONSTRAINT "course_purchase_service_id_service_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."service"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_session_use" ADD CONSTRAINT "course_session_use_purchase_id_course_purchase_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."course_purchase"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_session_use" ADD CONSTRAINT "course_session_use_booking_id_booking_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."booking"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "course_adjustment_purchase_idx" ON "course_adjustment" USING btree ("purchase_id");--> statement-breakpoint
CREATE UNIQUE INDEX "course_purchase_intent_idx" ON "course_purchase" USING btree ("intent_id");--> statement-breakpoint
CREATE INDEX "course_purchase_client_idx" ON "course_purchase" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "course_purchase_status_idx" ON "course_purchase" USING btree ("status","expires_on");--> statement-breakpoint
CREATE INDEX "course_session_use_purchase_idx" ON "course_session_use" USING btree ("purchase_id");--> statement-breakpoint
CREATE INDEX "course_session_use_booking_idx" ON "course_session_use" USING btree ("booking_id");