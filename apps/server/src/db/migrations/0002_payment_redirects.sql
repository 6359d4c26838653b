ALTER TABLE "payment_transaction" ADD COLUMN "redirect_url" text;--> statement-breakpoint
ALTER TABLE "sandbox_payment" ADD COLUMN "method" text DEFAULT 'card' NOT NULL;