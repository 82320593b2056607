ALTER TABLE "business_settings" ADD COLUMN "business_name" text;--> statement-breakpoint
ALTER TABLE "business_settings" ADD COLUMN "business_area" text;--> statement-breakpoint
ALTER TABLE "business_settings" ADD COLUMN "business_phone" text;--> statement-breakpoint
ALTER TABLE "business_settings" ADD COLUMN "business_email" text;--> statement-breakpoint
ALTER TABLE "business_settings" ADD COLUMN "setup_dismissed" boolean DEFAULT false NOT NULL;