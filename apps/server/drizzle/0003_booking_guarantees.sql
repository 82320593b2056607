-- No two active bookings may ever overlap, their buffers included, whatever path wrote them.
ALTER TABLE "booking" ADD CONSTRAINT "booking_no_overlap"
  EXCLUDE USING gist (tstzrange("starts_at", "occupied_until", '[)') WITH &&)
  WHERE ("status" IN ('pending', 'confirmed'));
--> statement-breakpoint
ALTER TABLE "booking" ADD CONSTRAINT "booking_times_ordered"
  CHECK ("starts_at" < "ends_at" AND "ends_at" <= "occupied_until");
--> statement-breakpoint
ALTER TABLE "booking" ADD CONSTRAINT "booking_status_known"
  CHECK ("status" IN ('pending', 'confirmed', 'completed', 'no_show', 'cancelled'));
--> statement-breakpoint
INSERT INTO "business_settings" ("id", "weekly_hours") VALUES (1,
  '[[],[{"start":"10:00","end":"21:00"}],[{"start":"10:00","end":"21:00"}],[{"start":"10:00","end":"21:00"}],[{"start":"10:00","end":"21:00"}],[{"start":"10:00","end":"21:00"}],[{"start":"10:00","end":"18:00"}]]')
ON CONFLICT DO NOTHING;
