CREATE TABLE "hotel_payment_settings" (
	"hotel_id" integer PRIMARY KEY NOT NULL,
	"gateway" text DEFAULT 'sandbox' NOT NULL,
	"secret_key_sealed" text,
	"secret_key_last4" text,
	"secret_key_kind" text,
	"mode" text,
	"publishable_key" text,
	"webhook_secret_sealed" text,
	"updated_at" timestamp with time zone NOT NULL,
	"updated_by" integer,
	CONSTRAINT "hotel_payment_settings_gateway" CHECK ("hotel_payment_settings"."gateway" in ('sandbox', 'stripe')),
	CONSTRAINT "hotel_payment_settings_mode" CHECK ("hotel_payment_settings"."mode" is null or "hotel_payment_settings"."mode" in ('test', 'live')),
	CONSTRAINT "hotel_payment_settings_stripe_keys" CHECK ("hotel_payment_settings"."gateway" <> 'stripe' or ("hotel_payment_settings"."secret_key_sealed" is not null and "hotel_payment_settings"."publishable_key" is not null and "hotel_payment_settings"."webhook_secret_sealed" is not null))
);
--> statement-breakpoint
ALTER TABLE "hotel_payment_settings" ADD CONSTRAINT "hotel_payment_settings_hotel_id_hotel_id_fk" FOREIGN KEY ("hotel_id") REFERENCES "public"."hotel"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hotel_payment_settings" ADD CONSTRAINT "hotel_payment_settings_updated_by_staff_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."staff_user"("id") ON DELETE set null ON UPDATE no action;