ALTER TABLE "payment_transaction" ADD COLUMN "attempts" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_transaction" ADD COLUMN "next_attempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_transaction" ADD COLUMN "claimed_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_transaction" ADD COLUMN "last_error" text;--> statement-breakpoint
ALTER TABLE "rate_plan" ADD COLUMN "option_hours" smallint;--> statement-breakpoint
CREATE INDEX "payment_transaction_pending_refund" ON "payment_transaction" USING btree ("next_attempt_at") WHERE "payment_transaction"."kind" = 'refund' and "payment_transaction"."status" = 'pending';