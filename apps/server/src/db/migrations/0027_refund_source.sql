ALTER TABLE "payment_transaction" ADD COLUMN "source_id" integer;--> statement-breakpoint
ALTER TABLE "payment_transaction" ADD CONSTRAINT "payment_transaction_source_id_payment_transaction_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."payment_transaction"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Refunds made before: they went to the reservation's newest card payment or link, the only sources then.
UPDATE "payment_transaction" r SET "source_id" = (
  SELECT c."id" FROM "payment_transaction" c
  WHERE c."reservation_id" = r."reservation_id" AND c."kind" IN ('capture', 'link') AND c."status" IN ('captured', 'refunded')
  ORDER BY c."id" DESC LIMIT 1
) WHERE r."kind" = 'refund' AND r."status" IN ('refunded', 'failed');
