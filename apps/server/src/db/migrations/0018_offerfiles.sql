CREATE TABLE "offer_attachment_content" (
	"attachment_id" integer PRIMARY KEY NOT NULL,
	"content" "bytea" NOT NULL
);
--> statement-breakpoint
ALTER TABLE "hotel_api_key" ADD COLUMN "created_by" integer;--> statement-breakpoint
ALTER TABLE "offer_attachment" ADD COLUMN "uploaded_by" integer;--> statement-breakpoint
ALTER TABLE "offer_attachment_content" ADD CONSTRAINT "offer_attachment_content_attachment_id_offer_attachment_id_fk" FOREIGN KEY ("attachment_id") REFERENCES "public"."offer_attachment"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hotel_api_key" ADD CONSTRAINT "hotel_api_key_created_by_staff_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."staff_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_attachment" ADD CONSTRAINT "offer_attachment_uploaded_by_staff_user_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."staff_user"("id") ON DELETE set null ON UPDATE no action;