ALTER TABLE "reservation" ADD COLUMN "trade_user_id" integer;--> statement-breakpoint
ALTER TABLE "reservation" ADD COLUMN "agency" jsonb;--> statement-breakpoint
ALTER TABLE "reservation_room" ADD COLUMN "commission_percent" numeric(5, 2);--> statement-breakpoint
ALTER TABLE "reservation_room" ADD COLUMN "commission_minor" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "reservation" ADD CONSTRAINT "reservation_trade_user_id_trade_user_id_fk" FOREIGN KEY ("trade_user_id") REFERENCES "public"."trade_user"("id") ON DELETE set null ON UPDATE no action;