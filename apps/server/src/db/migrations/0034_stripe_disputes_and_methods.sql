CREATE TABLE "payment_dispute" (
	"id" serial PRIMARY KEY NOT NULL,
	"reservation_id" integer NOT NULL,
	"payment_id" integer,
	"gateway" text NOT NULL,
	"dispute_ref" text NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"reason" text NOT NULL,
	"status" text NOT NULL,
	"evidence_due_by" timestamp with time zone,
	"opened_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "hotel_payment_settings" ADD COLUMN "stripe_methods" text[];--> statement-breakpoint
ALTER TABLE "payment_dispute" ADD CONSTRAINT "payment_dispute_reservation_id_reservation_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservation"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_dispute" ADD CONSTRAINT "payment_dispute_payment_id_payment_transaction_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payment_transaction"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_dispute_ref" ON "payment_dispute" USING btree ("gateway","dispute_ref");--> statement-breakpoint
CREATE INDEX "payment_dispute_reservation" ON "payment_dispute" USING btree ("reservation_id");