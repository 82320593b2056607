CREATE TABLE "auth_failure" (
	"scope" text NOT NULL,
	"subject" text NOT NULL,
	"failures" integer NOT NULL,
	"last_failure_at" timestamp with time zone NOT NULL,
	CONSTRAINT "auth_failure_scope_subject_pk" PRIMARY KEY("scope","subject")
);
--> statement-breakpoint
CREATE TABLE "totp_accepted_step" (
	"user_id" text PRIMARY KEY NOT NULL,
	"step" bigint NOT NULL
);
--> statement-breakpoint
INSERT INTO "auth_failure" ("scope", "subject", "failures", "last_failure_at")
  SELECT 'sign-in', "email", "failures", "last_failure_at" FROM "sign_in_failure";--> statement-breakpoint
DROP TABLE "sign_in_failure" CASCADE;--> statement-breakpoint
ALTER TABLE "totp_accepted_step" ADD CONSTRAINT "totp_accepted_step_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;