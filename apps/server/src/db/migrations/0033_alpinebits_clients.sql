CREATE TABLE "alpinebits_client" (
	"id" serial PRIMARY KEY NOT NULL,
	"group_id" integer NOT NULL,
	"username" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"password_hash" text NOT NULL,
	"disabled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alpinebits_client_hotel" (
	"client_id" integer NOT NULL,
	"hotel_id" integer NOT NULL,
	CONSTRAINT "alpinebits_client_hotel_client_id_hotel_id_pk" PRIMARY KEY("client_id","hotel_id")
);
--> statement-breakpoint
CREATE TABLE "alpinebits_hotel_code" (
	"hotel_id" integer PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	CONSTRAINT "alpinebits_hotel_code_length" CHECK (length("alpinebits_hotel_code"."code") between 1 and 16)
);
--> statement-breakpoint
CREATE TABLE "alpinebits_room_type_code" (
	"room_type_id" integer PRIMARY KEY NOT NULL,
	"hotel_id" integer NOT NULL,
	"code" text NOT NULL,
	CONSTRAINT "alpinebits_room_type_code_length" CHECK (length("alpinebits_room_type_code"."code") between 1 and 8)
);
--> statement-breakpoint
ALTER TABLE "alpinebits_client" ADD CONSTRAINT "alpinebits_client_group_id_hotel_group_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."hotel_group"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alpinebits_client_hotel" ADD CONSTRAINT "alpinebits_client_hotel_client_id_alpinebits_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."alpinebits_client"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alpinebits_client_hotel" ADD CONSTRAINT "alpinebits_client_hotel_hotel_id_hotel_id_fk" FOREIGN KEY ("hotel_id") REFERENCES "public"."hotel"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alpinebits_hotel_code" ADD CONSTRAINT "alpinebits_hotel_code_hotel_id_hotel_id_fk" FOREIGN KEY ("hotel_id") REFERENCES "public"."hotel"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alpinebits_room_type_code" ADD CONSTRAINT "alpinebits_room_type_code_room_type_id_room_type_id_fk" FOREIGN KEY ("room_type_id") REFERENCES "public"."room_type"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alpinebits_room_type_code" ADD CONSTRAINT "alpinebits_room_type_code_hotel_id_hotel_id_fk" FOREIGN KEY ("hotel_id") REFERENCES "public"."hotel"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "alpinebits_client_username" ON "alpinebits_client" USING btree (lower("username"));--> statement-breakpoint
CREATE UNIQUE INDEX "alpinebits_hotel_code_code" ON "alpinebits_hotel_code" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "alpinebits_room_type_code_hotel_code" ON "alpinebits_room_type_code" USING btree ("hotel_id","code");