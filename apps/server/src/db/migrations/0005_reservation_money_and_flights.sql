ALTER TABLE "package" ADD COLUMN "destination_airport" jsonb;--> statement-breakpoint
ALTER TABLE "reservation" ADD COLUMN "package_id" integer;--> statement-breakpoint
ALTER TABLE "reservation_room" ADD COLUMN "refund_protection_minor" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "reservation_room" ADD COLUMN "penalty_minor" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "reservation_room" ADD COLUMN "prepayment" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "reservation_room" ADD COLUMN "flights" jsonb;--> statement-breakpoint
ALTER TABLE "reservation_room" ADD COLUMN "flight_minor" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Rows booked before this migration: their rate's protection price and prepayment steps as they stand now.
UPDATE "reservation_room" rr SET "refund_protection_minor" = coalesce(rp."refund_protection_minor", 0),
  "prepayment" = rp."prepayment"
FROM "rate_plan" rp WHERE rp."id" = rr."rate_plan_id" AND rr."refund_protection";--> statement-breakpoint
UPDATE "reservation_room" rr SET "prepayment" = rp."prepayment"
FROM "rate_plan" rp WHERE rp."id" = rr."rate_plan_id" AND NOT rr."refund_protection";--> statement-breakpoint
-- A room cancelled on its own kept its penalty in the reservation's total: the history says how much.
UPDATE "reservation_room" rr SET "penalty_minor" = (h."details"->>'penaltyMinor')::int
FROM "reservation_history" h
WHERE rr."status" = 'C' AND h."reservation_id" = rr."reservation_id" AND h."action" IN ('room_cancelled', 'cancel')
  AND jsonb_array_length(h."details"->'rooms') = 1 AND (h."details"->'rooms'->>0)::int = rr."id";
