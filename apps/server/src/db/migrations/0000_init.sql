CREATE TYPE "public"."channel_kind" AS ENUM('direct', 'trade');--> statement-breakpoint
CREATE TYPE "public"."mandatory_for" AS ENUM('none', 'all_adults', 'all_children');--> statement-breakpoint
CREATE TYPE "public"."meal_plan" AS ENUM('room_only', 'breakfast', 'half_board', 'full_board', 'all_inclusive', 'unspecified');--> statement-breakpoint
CREATE TYPE "public"."payment_kind" AS ENUM('pay_at_hotel', 'card_guarantee', 'prepaid', 'pre_authorisation', 'bank_transfer');--> statement-breakpoint
CREATE TYPE "public"."pet_policy" AS ENUM('not_allowed', 'free', 'per_stay', 'per_night');--> statement-breakpoint
CREATE TYPE "public"."pricing_basis" AS ENUM('per_person', 'per_unit', 'per_stay');--> statement-breakpoint
CREATE TABLE "age_group" (
	"id" integer PRIMARY KEY NOT NULL,
	"hotel_id" integer NOT NULL,
	"min_age" smallint NOT NULL,
	"max_age" smallint NOT NULL,
	CONSTRAINT "age_group_range" CHECK ("age_group"."min_age" >= 0 and "age_group"."min_age" <= "age_group"."max_age" and "age_group"."max_age" <= 17)
);
--> statement-breakpoint
CREATE TABLE "channel" (
	"id" integer PRIMARY KEY NOT NULL,
	"group_id" integer NOT NULL,
	"name" text NOT NULL,
	"kind" "channel_kind" DEFAULT 'direct' NOT NULL,
	"trade_associated_id" integer,
	"colors" jsonb NOT NULL,
	"custom_scripts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"tracking" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"installments" jsonb DEFAULT '{"has_holipay":false}'::jsonb NOT NULL,
	"trade_conf_hour" smallint DEFAULT 18 NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "channel_host" (
	"host" text PRIMARY KEY NOT NULL,
	"channel_id" integer NOT NULL,
	"hotel_id" integer,
	"page_title" text NOT NULL,
	"icon_url" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "child_price" (
	"rate_plan_id" integer NOT NULL,
	"room_type_id" integer NOT NULL,
	"day" date NOT NULL,
	"age_group_id" integer NOT NULL,
	"amount_minor" integer NOT NULL,
	CONSTRAINT "child_price_room_type_id_day_rate_plan_id_age_group_id_pk" PRIMARY KEY("room_type_id","day","rate_plan_id","age_group_id"),
	CONSTRAINT "child_price_positive" CHECK ("child_price"."amount_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "currency" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"name_plural" text NOT NULL,
	"symbol" text NOT NULL,
	"symbol_native" text NOT NULL,
	"decimal_digits" smallint NOT NULL,
	"rounding" numeric(10, 4) DEFAULT '0' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "custom_privacy" (
	"id" integer PRIMARY KEY NOT NULL,
	"hotel_id" integer NOT NULL,
	"channel_id" integer,
	"title" jsonb NOT NULL,
	"text" jsonb NOT NULL,
	"mandatory" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "destination" (
	"id" integer PRIMARY KEY NOT NULL,
	"group_id" integer NOT NULL,
	"name" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exchange_rate" (
	"code" text PRIMARY KEY NOT NULL,
	"per_eur" numeric(20, 8) NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hotel" (
	"id" integer PRIMARY KEY NOT NULL,
	"group_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"address" text NOT NULL,
	"city" text NOT NULL,
	"country" text NOT NULL,
	"time_zone" text NOT NULL,
	"currency_code" text NOT NULL,
	"email" text NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"check_in_from" time NOT NULL,
	"check_in_until" time NOT NULL,
	"check_out_until" time NOT NULL,
	"breakfast_from" time,
	"breakfast_until" time,
	"pets" "pet_policy" DEFAULT 'not_allowed' NOT NULL,
	"pet_fee_minor" integer DEFAULT 0 NOT NULL,
	"wellness" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"activities" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"business_services" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"messaging" jsonb DEFAULT '{"active":false}'::jsonb NOT NULL,
	"show_chat" boolean DEFAULT false NOT NULL,
	"guests_mandatory" boolean DEFAULT false NOT NULL,
	"city_tax_minor" integer DEFAULT 0 NOT NULL,
	"payment_gateway_key" text DEFAULT 'sandbox' NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hotel_channel" (
	"hotel_id" integer NOT NULL,
	"channel_id" integer NOT NULL,
	CONSTRAINT "hotel_channel_hotel_id_channel_id_pk" PRIMARY KEY("hotel_id","channel_id")
);
--> statement-breakpoint
CREATE TABLE "hotel_destination" (
	"hotel_id" integer NOT NULL,
	"destination_id" integer NOT NULL,
	CONSTRAINT "hotel_destination_hotel_id_destination_id_pk" PRIMARY KEY("hotel_id","destination_id")
);
--> statement-breakpoint
CREATE TABLE "hotel_group" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inventory" (
	"room_type_id" integer NOT NULL,
	"day" date NOT NULL,
	"allotment" smallint NOT NULL,
	"sold" smallint DEFAULT 0 NOT NULL,
	"closed" boolean DEFAULT false NOT NULL,
	CONSTRAINT "inventory_room_type_id_day_pk" PRIMARY KEY("room_type_id","day"),
	CONSTRAINT "inventory_sold_within_allotment" CHECK ("inventory"."sold" >= 0 and "inventory"."sold" <= "inventory"."allotment")
);
--> statement-breakpoint
CREATE TABLE "package" (
	"id" integer PRIMARY KEY NOT NULL,
	"hotel_id" integer NOT NULL,
	"code" text NOT NULL,
	"name" jsonb NOT NULL,
	"description" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"image" text,
	"kind" text DEFAULT 'package' NOT NULL,
	"rate_plan_ids" integer[] NOT NULL,
	"room_type_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"included_service_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"valid_from" date NOT NULL,
	"valid_to" date NOT NULL,
	"min_nights" smallint DEFAULT 1 NOT NULL,
	"max_nights" smallint,
	"min_adults" smallint DEFAULT 1 NOT NULL,
	"max_adults" smallint,
	"airports" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"channel_ids" integer[] DEFAULT '{}'::integer[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "price" (
	"rate_plan_id" integer NOT NULL,
	"room_type_id" integer NOT NULL,
	"day" date NOT NULL,
	"adults" smallint NOT NULL,
	"amount_minor" integer NOT NULL,
	CONSTRAINT "price_room_type_id_day_rate_plan_id_adults_pk" PRIMARY KEY("room_type_id","day","rate_plan_id","adults"),
	CONSTRAINT "price_positive" CHECK ("price"."amount_minor" >= 0 and "price"."adults" between 1 and 20)
);
--> statement-breakpoint
CREATE TABLE "promo_code" (
	"id" integer PRIMARY KEY NOT NULL,
	"hotel_id" integer NOT NULL,
	"code" text NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"name" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"discount_percent" numeric(5, 2) NOT NULL,
	"stay_from" date,
	"stay_to" date,
	"book_from" date,
	"book_to" date,
	"min_nights" smallint DEFAULT 1 NOT NULL,
	"rate_plan_ids" integer[] DEFAULT '{}'::integer[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_plan" (
	"id" integer PRIMARY KEY NOT NULL,
	"hotel_id" integer NOT NULL,
	"code" text NOT NULL,
	"mt_id" integer DEFAULT 0 NOT NULL,
	"name" jsonb NOT NULL,
	"description" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"meal_plan" "meal_plan" DEFAULT 'room_only' NOT NULL,
	"refundable" boolean DEFAULT true NOT NULL,
	"free_cancellation_days" smallint,
	"payment" "payment_kind" DEFAULT 'pay_at_hotel' NOT NULL,
	"prepayment" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"commission_percent" numeric(5, 2),
	"is_net" boolean DEFAULT false NOT NULL,
	"min_stay" smallint DEFAULT 1 NOT NULL,
	"max_stay" smallint,
	"min_adults" smallint DEFAULT 1 NOT NULL,
	"max_adults" smallint,
	"resellable" boolean DEFAULT false NOT NULL,
	"refund_protection_minor" integer,
	"trade_only" boolean DEFAULT false NOT NULL,
	"long_stay_discounts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"included_service_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"sort_order" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "rate_plan_stay" CHECK ("rate_plan"."min_stay" >= 1 and ("rate_plan"."max_stay" is null or "rate_plan"."max_stay" >= "rate_plan"."min_stay"))
);
--> statement-breakpoint
CREATE TABLE "rate_plan_channel" (
	"rate_plan_id" integer NOT NULL,
	"channel_id" integer NOT NULL,
	CONSTRAINT "rate_plan_channel_rate_plan_id_channel_id_pk" PRIMARY KEY("rate_plan_id","channel_id")
);
--> statement-breakpoint
CREATE TABLE "reservation_link" (
	"id" integer PRIMARY KEY NOT NULL,
	"hotel_id" integer NOT NULL,
	"channel_id" integer NOT NULL,
	"title" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"message" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"arrival" date NOT NULL,
	"departure" date NOT NULL,
	"rooms" jsonb NOT NULL,
	"room_type_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"rate_plan_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"promo_code" text,
	"total_minor" integer,
	"expires_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "restriction" (
	"rate_plan_id" integer NOT NULL,
	"day" date NOT NULL,
	"closed_to_arrival" boolean DEFAULT false NOT NULL,
	"closed_to_departure" boolean DEFAULT false NOT NULL,
	"min_stay" smallint,
	"max_stay" smallint,
	CONSTRAINT "restriction_rate_plan_id_day_pk" PRIMARY KEY("rate_plan_id","day")
);
--> statement-breakpoint
CREATE TABLE "room_type" (
	"id" integer PRIMARY KEY NOT NULL,
	"hotel_id" integer NOT NULL,
	"code" text NOT NULL,
	"name" jsonb NOT NULL,
	"description" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"gallery" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"amenities" text[] DEFAULT '{}'::text[] NOT NULL,
	"min_occupancy" smallint DEFAULT 1 NOT NULL,
	"max_occupancy" smallint NOT NULL,
	"max_adults" smallint NOT NULL,
	"max_children" smallint DEFAULT 0 NOT NULL,
	"sort_order" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "room_type_occupancy" CHECK ("room_type"."min_occupancy" >= 1 and "room_type"."min_occupancy" <= "room_type"."max_occupancy")
);
--> statement-breakpoint
CREATE TABLE "service" (
	"id" integer PRIMARY KEY NOT NULL,
	"hotel_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	"name" jsonb NOT NULL,
	"description" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"pricing_basis" "pricing_basis" NOT NULL,
	"per_night" boolean DEFAULT false NOT NULL,
	"price_minor" integer DEFAULT 0 NOT NULL,
	"mandatory_for" "mandatory_for" DEFAULT 'none' NOT NULL,
	"needs_date" boolean DEFAULT false NOT NULL,
	"time_slots" text[] DEFAULT '{}'::text[] NOT NULL,
	"is_transfer" boolean DEFAULT false NOT NULL,
	"max_quantity" smallint DEFAULT 10 NOT NULL,
	"image" text
);
--> statement-breakpoint
CREATE TABLE "service_category" (
	"id" integer PRIMARY KEY NOT NULL,
	"hotel_id" integer NOT NULL,
	"name" jsonb NOT NULL,
	"mandatory" boolean DEFAULT false NOT NULL,
	"sort_order" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trade_customer" (
	"id" integer PRIMARY KEY NOT NULL,
	"channel_id" integer NOT NULL,
	"name" text NOT NULL,
	"agency_type" smallint NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"extra_discount_percent" numeric(5, 2) DEFAULT '0' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "age_group" ADD CONSTRAINT "age_group_hotel_id_hotel_id_fk" FOREIGN KEY ("hotel_id") REFERENCES "public"."hotel"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel" ADD CONSTRAINT "channel_group_id_hotel_group_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."hotel_group"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_host" ADD CONSTRAINT "channel_host_channel_id_channel_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channel"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "child_price" ADD CONSTRAINT "child_price_rate_plan_id_rate_plan_id_fk" FOREIGN KEY ("rate_plan_id") REFERENCES "public"."rate_plan"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "child_price" ADD CONSTRAINT "child_price_room_type_id_room_type_id_fk" FOREIGN KEY ("room_type_id") REFERENCES "public"."room_type"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "child_price" ADD CONSTRAINT "child_price_age_group_id_age_group_id_fk" FOREIGN KEY ("age_group_id") REFERENCES "public"."age_group"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_privacy" ADD CONSTRAINT "custom_privacy_hotel_id_hotel_id_fk" FOREIGN KEY ("hotel_id") REFERENCES "public"."hotel"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "destination" ADD CONSTRAINT "destination_group_id_hotel_group_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."hotel_group"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_rate" ADD CONSTRAINT "exchange_rate_code_currency_code_fk" FOREIGN KEY ("code") REFERENCES "public"."currency"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hotel" ADD CONSTRAINT "hotel_group_id_hotel_group_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."hotel_group"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hotel" ADD CONSTRAINT "hotel_currency_code_currency_code_fk" FOREIGN KEY ("currency_code") REFERENCES "public"."currency"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hotel_channel" ADD CONSTRAINT "hotel_channel_hotel_id_hotel_id_fk" FOREIGN KEY ("hotel_id") REFERENCES "public"."hotel"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hotel_channel" ADD CONSTRAINT "hotel_channel_channel_id_channel_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channel"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hotel_destination" ADD CONSTRAINT "hotel_destination_hotel_id_hotel_id_fk" FOREIGN KEY ("hotel_id") REFERENCES "public"."hotel"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hotel_destination" ADD CONSTRAINT "hotel_destination_destination_id_destination_id_fk" FOREIGN KEY ("destination_id") REFERENCES "public"."destination"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory" ADD CONSTRAINT "inventory_room_type_id_room_type_id_fk" FOREIGN KEY ("room_type_id") REFERENCES "public"."room_type"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package" ADD CONSTRAINT "package_hotel_id_hotel_id_fk" FOREIGN KEY ("hotel_id") REFERENCES "public"."hotel"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price" ADD CONSTRAINT "price_rate_plan_id_rate_plan_id_fk" FOREIGN KEY ("rate_plan_id") REFERENCES "public"."rate_plan"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price" ADD CONSTRAINT "price_room_type_id_room_type_id_fk" FOREIGN KEY ("room_type_id") REFERENCES "public"."room_type"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_code" ADD CONSTRAINT "promo_code_hotel_id_hotel_id_fk" FOREIGN KEY ("hotel_id") REFERENCES "public"."hotel"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rate_plan" ADD CONSTRAINT "rate_plan_hotel_id_hotel_id_fk" FOREIGN KEY ("hotel_id") REFERENCES "public"."hotel"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rate_plan_channel" ADD CONSTRAINT "rate_plan_channel_rate_plan_id_rate_plan_id_fk" FOREIGN KEY ("rate_plan_id") REFERENCES "public"."rate_plan"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rate_plan_channel" ADD CONSTRAINT "rate_plan_channel_channel_id_channel_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channel"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservation_link" ADD CONSTRAINT "reservation_link_hotel_id_hotel_id_fk" FOREIGN KEY ("hotel_id") REFERENCES "public"."hotel"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservation_link" ADD CONSTRAINT "reservation_link_channel_id_channel_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channel"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "restriction" ADD CONSTRAINT "restriction_rate_plan_id_rate_plan_id_fk" FOREIGN KEY ("rate_plan_id") REFERENCES "public"."rate_plan"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_type" ADD CONSTRAINT "room_type_hotel_id_hotel_id_fk" FOREIGN KEY ("hotel_id") REFERENCES "public"."hotel"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service" ADD CONSTRAINT "service_hotel_id_hotel_id_fk" FOREIGN KEY ("hotel_id") REFERENCES "public"."hotel"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service" ADD CONSTRAINT "service_category_id_service_category_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."service_category"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_category" ADD CONSTRAINT "service_category_hotel_id_hotel_id_fk" FOREIGN KEY ("hotel_id") REFERENCES "public"."hotel"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_customer" ADD CONSTRAINT "trade_customer_channel_id_channel_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channel"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "age_group_hotel_idx" ON "age_group" USING btree ("hotel_id");--> statement-breakpoint
CREATE UNIQUE INDEX "promo_code_hotel_code" ON "promo_code" USING btree ("hotel_id",upper("code"));--> statement-breakpoint
CREATE UNIQUE INDEX "rate_plan_hotel_code" ON "rate_plan" USING btree ("hotel_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "room_type_hotel_code" ON "room_type" USING btree ("hotel_id","code");