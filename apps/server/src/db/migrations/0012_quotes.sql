CREATE TABLE "quote_request" (
	"id" serial PRIMARY KEY NOT NULL,
	"hotel_id" integer NOT NULL,
	"channel_id" integer NOT NULL,
	"language_id" smallint NOT NULL,
	"full_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"message" text,
	"arrival" date NOT NULL,
	"departure" date NOT NULL,
	"promo_code" text,
	"rooms" jsonb NOT NULL,
	"currency_code" text NOT NULL,
	"total_minor" integer,
	"status" text DEFAULT 'new' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_by" integer,
	"answered_at" timestamp with time zone,
	"answer" jsonb,
	"reservation_link_id" integer,
	"closed_at" timestamp with time zone,
	CONSTRAINT "quote_request_status" CHECK ("quote_request"."status" in ('new', 'answered', 'closed'))
);
--> statement-breakpoint
ALTER TABLE "reservation_link" ADD COLUMN "public_id" text;--> statement-breakpoint
ALTER TABLE "reservation_link" ADD COLUMN "room_prices" jsonb;--> statement-breakpoint
ALTER TABLE "reservation_link" ADD COLUMN "created_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "quote_request" ADD CONSTRAINT "quote_request_hotel_id_hotel_id_fk" FOREIGN KEY ("hotel_id") REFERENCES "public"."hotel"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_request" ADD CONSTRAINT "quote_request_answered_by_staff_user_id_fk" FOREIGN KEY ("answered_by") REFERENCES "public"."staff_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_request" ADD CONSTRAINT "quote_request_reservation_link_id_reservation_link_id_fk" FOREIGN KEY ("reservation_link_id") REFERENCES "public"."reservation_link"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quote_request_hotel_created" ON "quote_request" USING btree ("hotel_id","created_at");--> statement-breakpoint
ALTER TABLE "reservation_link" ADD CONSTRAINT "reservation_link_public_id_unique" UNIQUE("public_id");