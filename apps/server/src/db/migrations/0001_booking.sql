CREATE TYPE "public"."payment_method" AS ENUM('card_guarantee', 'card_payment', 'pre_authorisation', 'bank_transfer', 'pay_at_hotel', 'instant_bank', 'wallet', 'mobile', 'pay_by_link');--> statement-breakpoint
CREATE TYPE "public"."reservation_status" AS ENUM('pending_confirmation', 'confirmed', 'payment_required', 'preauth_required', 'cancelled');--> statement-breakpoint
CREATE TABLE "idempotency_key" (
	"scope" text NOT NULL,
	"key" text NOT NULL,
	"fingerprint" text NOT NULL,
	"state" text NOT NULL,
	"response_status" smallint,
	"response_body" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_key_scope_key_pk" PRIMARY KEY("scope","key")
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"reservation_id" integer,
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"html" text NOT NULL,
	"text" text NOT NULL,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "payment_due" (
	"id" serial PRIMARY KEY NOT NULL,
	"reservation_id" integer NOT NULL,
	"due_date" date NOT NULL,
	"amount_minor" integer NOT NULL,
	"status" text DEFAULT 'due' NOT NULL,
	"paid_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "payment_transaction" (
	"id" serial PRIMARY KEY NOT NULL,
	"reservation_id" integer NOT NULL,
	"gateway" text NOT NULL,
	"gateway_ref" text NOT NULL,
	"kind" text NOT NULL,
	"amount_minor" integer NOT NULL,
	"status" text NOT NULL,
	"card_last4" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reservation" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"hotel_id" integer NOT NULL,
	"channel_id" integer NOT NULL,
	"language_id" smallint NOT NULL,
	"status" "reservation_status" NOT NULL,
	"arrival" date NOT NULL,
	"departure" date NOT NULL,
	"booker" jsonb NOT NULL,
	"email" text NOT NULL,
	"invoice" jsonb,
	"privacy" jsonb NOT NULL,
	"currency_code" text NOT NULL,
	"rooms_total_minor" integer NOT NULL,
	"services_total_minor" integer DEFAULT 0 NOT NULL,
	"refund_protection_minor" integer DEFAULT 0 NOT NULL,
	"city_tax_minor" integer DEFAULT 0 NOT NULL,
	"total_minor" integer NOT NULL,
	"payment_method" "payment_method" NOT NULL,
	"promo_code" text,
	"customer_id" integer,
	"reservation_link_id" integer,
	"option_expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reservation_totals" CHECK ("reservation"."total_minor" >= 0 and "reservation"."departure" > "reservation"."arrival")
);
--> statement-breakpoint
CREATE TABLE "reservation_guest" (
	"id" serial PRIMARY KEY NOT NULL,
	"reservation_id" integer NOT NULL,
	"room_id" integer,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"type" text NOT NULL,
	"birth_date" date,
	"sex" text
);
--> statement-breakpoint
CREATE TABLE "reservation_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"reservation_id" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor" text NOT NULL,
	"action" text NOT NULL,
	"from_status" text,
	"to_status" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reservation_request" (
	"idempotency_key" text PRIMARY KEY NOT NULL,
	"reservation_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reservation_room" (
	"id" serial PRIMARY KEY NOT NULL,
	"reservation_id" integer NOT NULL,
	"slot" smallint NOT NULL,
	"room_type_id" integer NOT NULL,
	"rate_plan_id" integer NOT NULL,
	"arrival" date NOT NULL,
	"departure" date NOT NULL,
	"adults" smallint NOT NULL,
	"child_ages" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"status" text DEFAULT 'A' NOT NULL,
	"total_minor" integer NOT NULL,
	"nightly_minor" integer[] NOT NULL,
	"refund_protection" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reservation_service" (
	"id" serial PRIMARY KEY NOT NULL,
	"reservation_id" integer NOT NULL,
	"room_id" integer,
	"service_id" integer NOT NULL,
	"quantity" smallint NOT NULL,
	"day" date,
	"time_slot" text,
	"price_minor" integer NOT NULL,
	"transfer" jsonb
);
--> statement-breakpoint
CREATE TABLE "sandbox_payment" (
	"id" text PRIMARY KEY NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency_code" text NOT NULL,
	"status" text NOT NULL,
	"token" text,
	"card_last4" text,
	"decline_reason" text,
	"return_url" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payment_due" ADD CONSTRAINT "payment_due_reservation_id_reservation_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservation"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_transaction" ADD CONSTRAINT "payment_transaction_reservation_id_reservation_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservation"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservation" ADD CONSTRAINT "reservation_hotel_id_hotel_id_fk" FOREIGN KEY ("hotel_id") REFERENCES "public"."hotel"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservation" ADD CONSTRAINT "reservation_channel_id_channel_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channel"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservation_guest" ADD CONSTRAINT "reservation_guest_reservation_id_reservation_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservation"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservation_guest" ADD CONSTRAINT "reservation_guest_room_id_reservation_room_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."reservation_room"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservation_history" ADD CONSTRAINT "reservation_history_reservation_id_reservation_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservation"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservation_request" ADD CONSTRAINT "reservation_request_reservation_id_reservation_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservation"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservation_room" ADD CONSTRAINT "reservation_room_reservation_id_reservation_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservation"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservation_room" ADD CONSTRAINT "reservation_room_room_type_id_room_type_id_fk" FOREIGN KEY ("room_type_id") REFERENCES "public"."room_type"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservation_room" ADD CONSTRAINT "reservation_room_rate_plan_id_rate_plan_id_fk" FOREIGN KEY ("rate_plan_id") REFERENCES "public"."rate_plan"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservation_service" ADD CONSTRAINT "reservation_service_reservation_id_reservation_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservation"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservation_service" ADD CONSTRAINT "reservation_service_room_id_reservation_room_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."reservation_room"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservation_service" ADD CONSTRAINT "reservation_service_service_id_service_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."service"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_outbox_due" ON "mail_outbox" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_transaction_ref" ON "payment_transaction" USING btree ("gateway","gateway_ref","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "reservation_code" ON "reservation" USING btree ("code");--> statement-breakpoint
CREATE INDEX "reservation_hotel_arrival" ON "reservation" USING btree ("hotel_id","arrival");--> statement-breakpoint
CREATE INDEX "reservation_history_reservation" ON "reservation_history" USING btree ("reservation_id");--> statement-breakpoint
CREATE INDEX "reservation_room_reservation" ON "reservation_room" USING btree ("reservation_id");