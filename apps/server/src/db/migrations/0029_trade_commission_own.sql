ALTER TABLE "trade_customer" ALTER COLUMN "commission_percent" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "trade_customer" ALTER COLUMN "commission_percent" DROP NOT NULL;--> statement-breakpoint
-- 0 meant "each rate's own" until an account's own 0 % became a percent (ADR 0062): keep what those accounts earn.
UPDATE "trade_customer" SET "commission_percent" = NULL WHERE "commission_percent" = 0;
