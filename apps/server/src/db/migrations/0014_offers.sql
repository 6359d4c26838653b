CREATE TABLE "hotel_api_key" (
	"id" serial PRIMARY KEY NOT NULL,
	"hotel_id" integer NOT NULL,
	"name" text NOT NULL,
	"key_sha256" text NOT NULL,
	"prefix" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	"last_used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "offer" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"hotel_id" integer NOT NULL,
	"channel_id" integer NOT NULL,
	"language_id" smallint NOT NULL,
	"recipient_name" text NOT NULL,
	"email" text NOT NULL,
	"state" text DEFAULT 'locked' NOT NULL,
	"arrival" date NOT NULL,
	"departure" date NOT NULL,
	"currency_code" text NOT NULL,
	"message" text,
	"video" jsonb,
	"playlist" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"api_key_id" integer,
	"unlocked_at" timestamp with time zone,
	"rejected_at" timestamp with time zone,
	"rejection_reason" text,
	"confirmed_option_id" integer,
	"reservation_id" integer,
	CONSTRAINT "offer_state" CHECK ("offer"."state" in ('locked', 'unlocked', 'confirmed', 'rejected', 'expired', 'unavailable')),
	CONSTRAINT "offer_stay" CHECK ("offer"."departure" > "offer"."arrival")
);
--> statement-breakpoint
CREATE TABLE "offer_access" (
	"token_sha256" text PRIMARY KEY NOT NULL,
	"offer_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "offer_attachment" (
	"id" serial PRIMARY KEY NOT NULL,
	"offer_id" integer NOT NULL,
	"filename" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"sha256" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "offer_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"offer_id" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor" text NOT NULL,
	"action" text NOT NULL,
	"from_state" text,
	"to_state" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "offer_option" (
	"id" serial PRIMARY KEY NOT NULL,
	"offer_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"title" text,
	"services" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"total_minor" integer NOT NULL,
	CONSTRAINT "offer_option_total" CHECK ("offer_option"."total_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "offer_option_room" (
	"id" serial PRIMARY KEY NOT NULL,
	"option_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"room_type_id" integer NOT NULL,
	"rate_plan_id" integer NOT NULL,
	"adults" smallint NOT NULL,
	"child_ages" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"price_minor" integer NOT NULL,
	CONSTRAINT "offer_option_room_price" CHECK ("offer_option_room"."price_minor" >= 0)
);
--> statement-breakpoint
ALTER TABLE "hotel_api_key" ADD CONSTRAINT "hotel_api_key_hotel_id_hotel_id_fk" FOREIGN KEY ("hotel_id") REFERENCES "public"."hotel"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer" ADD CONSTRAINT "offer_hotel_id_hotel_id_fk" FOREIGN KEY ("hotel_id") REFERENCES "public"."hotel"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer" ADD CONSTRAINT "offer_channel_id_channel_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channel"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer" ADD CONSTRAINT "offer_api_key_id_hotel_api_key_id_fk" FOREIGN KEY ("api_key_id") REFERENCES "public"."hotel_api_key"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer" ADD CONSTRAINT "offer_reservation_id_reservation_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservation"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_access" ADD CONSTRAINT "offer_access_offer_id_offer_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offer"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_attachment" ADD CONSTRAINT "offer_attachment_offer_id_offer_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offer"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_history" ADD CONSTRAINT "offer_history_offer_id_offer_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offer"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_option" ADD CONSTRAINT "offer_option_offer_id_offer_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offer"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_option_room" ADD CONSTRAINT "offer_option_room_option_id_offer_option_id_fk" FOREIGN KEY ("option_id") REFERENCES "public"."offer_option"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_option_room" ADD CONSTRAINT "offer_option_room_room_type_id_room_type_id_fk" FOREIGN KEY ("room_type_id") REFERENCES "public"."room_type"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_option_room" ADD CONSTRAINT "offer_option_room_rate_plan_id_rate_plan_id_fk" FOREIGN KEY ("rate_plan_id") REFERENCES "public"."rate_plan"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "hotel_api_key_sha256" ON "hotel_api_key" USING btree ("key_sha256");--> statement-breakpoint
CREATE INDEX "hotel_api_key_hotel" ON "hotel_api_key" USING btree ("hotel_id");--> statement-breakpoint
CREATE UNIQUE INDEX "offer_code" ON "offer" USING btree ("code");--> statement-breakpoint
CREATE INDEX "offer_hotel_created" ON "offer" USING btree ("hotel_id","created_at");--> statement-breakpoint
CREATE INDEX "offer_open_expiry" ON "offer" USING btree ("expires_at") WHERE "offer"."state" in ('locked', 'unlocked');--> statement-breakpoint
CREATE INDEX "offer_access_offer" ON "offer_access" USING btree ("offer_id");--> statement-breakpoint
CREATE INDEX "offer_access_expires" ON "offer_access" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "offer_attachment_offer" ON "offer_attachment" USING btree ("offer_id");--> statement-breakpoint
CREATE INDEX "offer_history_offer" ON "offer_history" USING btree ("offer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "offer_option_position" ON "offer_option" USING btree ("offer_id","position");--> statement-breakpoint
CREATE INDEX "offer_option_room_option" ON "offer_option_room" USING btree ("option_id");