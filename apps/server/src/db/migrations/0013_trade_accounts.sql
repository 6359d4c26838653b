CREATE TYPE "public"."trade_customer_status" AS ENUM('pending', 'approved', 'refused', 'disabled');--> statement-breakpoint
CREATE TABLE "trade_customer_hotel" (
	"trade_customer_id" integer NOT NULL,
	"hotel_id" integer NOT NULL,
	"channel_id" integer NOT NULL,
	CONSTRAINT "trade_customer_hotel_trade_customer_id_hotel_id_channel_id_pk" PRIMARY KEY("trade_customer_id","hotel_id","channel_id")
);
--> statement-breakpoint
CREATE TABLE "trade_session" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"trade_user_id" integer NOT NULL,
	"channel_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trade_user" (
	"id" serial PRIMARY KEY NOT NULL,
	"trade_customer_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	"username" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"password_hash" text,
	"password_changed_at" timestamp with time zone,
	"must_change_password" boolean DEFAULT false NOT NULL,
	"disabled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "trade_customer" ADD COLUMN "status" "trade_customer_status" DEFAULT 'approved' NOT NULL;--> statement-breakpoint
ALTER TABLE "trade_customer" ADD COLUMN "address" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "trade_customer" ADD COLUMN "city" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "trade_customer" ADD COLUMN "zip" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "trade_customer" ADD COLUMN "country" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "trade_customer" ADD COLUMN "vat_number" text;--> statement-breakpoint
ALTER TABLE "trade_customer" ADD COLUMN "iata_code" text;--> statement-breakpoint
ALTER TABLE "trade_customer" ADD COLUMN "email" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "trade_customer" ADD COLUMN "phone" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "trade_customer" ADD COLUMN "referent_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "trade_customer" ADD COLUMN "referent_email" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "trade_customer" ADD COLUMN "commission_percent" numeric(5, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "trade_customer" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "trade_customer_hotel" ADD CONSTRAINT "trade_customer_hotel_trade_customer_id_trade_customer_id_fk" FOREIGN KEY ("trade_customer_id") REFERENCES "public"."trade_customer"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_customer_hotel" ADD CONSTRAINT "trade_customer_hotel_hotel_id_hotel_id_fk" FOREIGN KEY ("hotel_id") REFERENCES "public"."hotel"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_customer_hotel" ADD CONSTRAINT "trade_customer_hotel_channel_id_channel_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channel"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_session" ADD CONSTRAINT "trade_session_trade_user_id_trade_user_id_fk" FOREIGN KEY ("trade_user_id") REFERENCES "public"."trade_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_session" ADD CONSTRAINT "trade_session_channel_id_channel_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channel"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_user" ADD CONSTRAINT "trade_user_trade_customer_id_trade_customer_id_fk" FOREIGN KEY ("trade_customer_id") REFERENCES "public"."trade_customer"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_user" ADD CONSTRAINT "trade_user_group_id_hotel_group_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."hotel_group"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trade_session_user" ON "trade_session" USING btree ("trade_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "trade_user_group_username" ON "trade_user" USING btree ("group_id",lower("username"));--> statement-breakpoint
CREATE INDEX "trade_user_customer" ON "trade_user" USING btree ("trade_customer_id");