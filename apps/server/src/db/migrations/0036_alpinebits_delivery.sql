CREATE TABLE "alpinebits_delivery" (
	"client_id" integer NOT NULL,
	"kind" text NOT NULL,
	"record_id" integer NOT NULL,
	"sent_version" text NOT NULL,
	"sent_status" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"acked_version" text,
	"acked_at" timestamp with time zone,
	CONSTRAINT "alpinebits_delivery_client_id_kind_record_id_pk" PRIMARY KEY("client_id","kind","record_id"),
	CONSTRAINT "alpinebits_delivery_kind" CHECK ("alpinebits_delivery"."kind" in ('reservation', 'quote'))
);
--> statement-breakpoint
ALTER TABLE "alpinebits_delivery" ADD CONSTRAINT "alpinebits_delivery_client_id_alpinebits_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."alpinebits_client"("id") ON DELETE cascade ON UPDATE no action;