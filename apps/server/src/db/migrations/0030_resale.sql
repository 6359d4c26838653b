CREATE TABLE "resale_night" (
	"offer_id" integer NOT NULL,
	"room_type_id" integer NOT NULL,
	"day" date NOT NULL,
	"holder_minor" integer NOT NULL,
	"status" text DEFAULT 'listed' NOT NULL,
	"buyer_room_id" integer,
	"recovered_minor" integer,
	"settled_at" timestamp with time zone,
	CONSTRAINT "resale_night_offer_id_day_pk" PRIMARY KEY("offer_id","day"),
	CONSTRAINT "resale_night_status" CHECK ("resale_night"."status" in ('listed', 'sold', 'expired', 'withdrawn'))
);
--> statement-breakpoint
CREATE TABLE "resale_offer" (
	"id" serial PRIMARY KEY NOT NULL,
	"reservation_id" integer NOT NULL,
	"reservation_room_id" integer NOT NULL,
	"hotel_id" integer NOT NULL,
	"room_type_id" integer NOT NULL,
	"arrival" date NOT NULL,
	"departure" date NOT NULL,
	"deadline_at" timestamp with time zone NOT NULL,
	"fee_percent" numeric(5, 2) NOT NULL,
	"status" text DEFAULT 'listed' NOT NULL,
	"listed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "resale_offer_status" CHECK ("resale_offer"."status" in ('listed', 'settled', 'expired', 'withdrawn'))
);
--> statement-breakpoint
ALTER TABLE "rate_plan" ADD COLUMN "resale_fee_percent" numeric(5, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "resale_night" ADD CONSTRAINT "resale_night_offer_id_resale_offer_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."resale_offer"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resale_night" ADD CONSTRAINT "resale_night_room_type_id_room_type_id_fk" FOREIGN KEY ("room_type_id") REFERENCES "public"."room_type"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resale_night" ADD CONSTRAINT "resale_night_buyer_room_id_reservation_room_id_fk" FOREIGN KEY ("buyer_room_id") REFERENCES "public"."reservation_room"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resale_offer" ADD CONSTRAINT "resale_offer_reservation_id_reservation_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservation"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resale_offer" ADD CONSTRAINT "resale_offer_reservation_room_id_reservation_room_id_fk" FOREIGN KEY ("reservation_room_id") REFERENCES "public"."reservation_room"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resale_offer" ADD CONSTRAINT "resale_offer_hotel_id_hotel_id_fk" FOREIGN KEY ("hotel_id") REFERENCES "public"."hotel"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resale_offer" ADD CONSTRAINT "resale_offer_room_type_id_room_type_id_fk" FOREIGN KEY ("room_type_id") REFERENCES "public"."room_type"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "resale_night_listed" ON "resale_night" USING btree ("room_type_id","day","offer_id") WHERE "resale_night"."status" = 'listed';--> statement-breakpoint
CREATE INDEX "resale_night_unsettled" ON "resale_night" USING btree ("offer_id") WHERE "resale_night"."status" = 'sold' and "resale_night"."settled_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "resale_offer_room_listed" ON "resale_offer" USING btree ("reservation_room_id") WHERE "resale_offer"."status" = 'listed';--> statement-breakpoint
CREATE INDEX "resale_offer_reservation" ON "resale_offer" USING btree ("reservation_id");--> statement-breakpoint
ALTER TABLE "rate_plan" ADD CONSTRAINT "rate_plan_resale_fee" CHECK ("rate_plan"."resale_fee_percent" between 0 and 100);