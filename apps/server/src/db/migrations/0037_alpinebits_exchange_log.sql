CREATE TABLE "alpinebits_exchange" (
	"id" serial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"client_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	"hotel_id" integer,
	"action" text NOT NULL,
	"http_status" smallint NOT NULL,
	"result" text NOT NULL,
	"warnings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"request_bytes" integer NOT NULL,
	"response_bytes" integer NOT NULL,
	"request_gzip" "bytea",
	"response_gzip" "bytea",
	CONSTRAINT "alpinebits_exchange_result" CHECK ("alpinebits_exchange"."result" in ('success', 'warning', 'error', 'refused'))
);
--> statement-breakpoint
ALTER TABLE "alpinebits_exchange" ADD CONSTRAINT "alpinebits_exchange_client_id_alpinebits_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."alpinebits_client"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alpinebits_exchange" ADD CONSTRAINT "alpinebits_exchange_group_id_hotel_group_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."hotel_group"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alpinebits_exchange" ADD CONSTRAINT "alpinebits_exchange_hotel_id_hotel_id_fk" FOREIGN KEY ("hotel_id") REFERENCES "public"."hotel"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alpinebits_exchange_group_at" ON "alpinebits_exchange" USING btree ("group_id","at");--> statement-breakpoint
CREATE INDEX "alpinebits_exchange_bodies_at" ON "alpinebits_exchange" USING btree ("at") WHERE "alpinebits_exchange"."request_gzip" is not null;