ALTER TABLE "payment_due" ADD COLUMN "kind" text DEFAULT 'prepayment' NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_due" ADD COLUMN "payment_ref" text;--> statement-breakpoint
ALTER TABLE "payment_due" ADD COLUMN "notice_date" date;--> statement-breakpoint
ALTER TABLE "payment_due" ADD COLUMN "notice_sent_at" timestamp with time zone;