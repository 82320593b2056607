CREATE TABLE "add_on" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"minutes" integer NOT NULL,
	"price_pence" integer NOT NULL,
	"types" text[] NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "booking_add_on" (
	"booking_id" uuid NOT NULL,
	"add_on_id" uuid NOT NULL,
	"name" text NOT NULL,
	"minutes" integer NOT NULL,
	"price_pence" integer NOT NULL,
	"vat_rate_bp" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_add_on_booking_id_add_on_id_pk" PRIMARY KEY("booking_id","add_on_id")
);
--> statement-breakpoint
ALTER TABLE "booking_add_on" ADD CONSTRAINT "booking_add_on_booking_id_booking_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."booking"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_add_on" ADD CONSTRAINT "booking_add_on_add_on_id_add_on_id_fk" FOREIGN KEY ("add_on_id") REFERENCES "public"."add_on"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_add_on_add_on_idx" ON "booking_add_on" USING btree ("add_on_id");