CREATE TABLE "alpinebits_rate_plan_code" (
	"rate_plan_id" integer PRIMARY KEY NOT NULL,
	"hotel_id" integer NOT NULL,
	"code" text NOT NULL,
	CONSTRAINT "alpinebits_rate_plan_code_length" CHECK (length("alpinebits_rate_plan_code"."code") between 1 and 64)
);
--> statement-breakpoint
ALTER TABLE "alpinebits_rate_plan_code" ADD CONSTRAINT "alpinebits_rate_plan_code_rate_plan_id_rate_plan_id_fk" FOREIGN KEY ("rate_plan_id") REFERENCES "public"."rate_plan"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alpinebits_rate_plan_code" ADD CONSTRAINT "alpinebits_rate_plan_code_hotel_id_hotel_id_fk" FOREIGN KEY ("hotel_id") REFERENCES "public"."hotel"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "alpinebits_rate_plan_code_hotel_code" ON "alpinebits_rate_plan_code" USING btree ("hotel_id","code");