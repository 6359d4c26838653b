ALTER TABLE "mail_outbox" ALTER COLUMN "to" SET DEFAULT '';--> statement-breakpoint
ALTER TABLE "mail_outbox" ALTER COLUMN "subject" SET DEFAULT '';--> statement-breakpoint
ALTER TABLE "mail_outbox" ALTER COLUMN "html" SET DEFAULT '';--> statement-breakpoint
ALTER TABLE "mail_outbox" ALTER COLUMN "text" SET DEFAULT '';--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "render" jsonb;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "rendered_at" timestamp with time zone;