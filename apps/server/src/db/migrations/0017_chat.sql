CREATE TABLE "chat_conversation" (
	"id" serial PRIMARY KEY NOT NULL,
	"hotel_id" integer NOT NULL,
	"kind" text NOT NULL,
	"offer_id" integer,
	"guest_token_sha256" text,
	"guest_name" text NOT NULL,
	"guest_email" text,
	"language_id" smallint NOT NULL,
	"channel_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_message_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_conversation_kind" CHECK (("chat_conversation"."kind" = 'offer' and "chat_conversation"."offer_id" is not null) or ("chat_conversation"."kind" = 'site' and "chat_conversation"."guest_token_sha256" is not null))
);
--> statement-breakpoint
CREATE TABLE "chat_message" (
	"id" serial PRIMARY KEY NOT NULL,
	"conversation_id" integer NOT NULL,
	"author" text NOT NULL,
	"staff_user_id" integer,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone,
	"mailed_at" timestamp with time zone,
	CONSTRAINT "chat_message_author" CHECK ("chat_message"."author" in ('guest', 'hotel')),
	CONSTRAINT "chat_message_body" CHECK (char_length(btrim("chat_message"."body")) between 1 and 2000)
);
--> statement-breakpoint
ALTER TABLE "chat_conversation" ADD CONSTRAINT "chat_conversation_hotel_id_hotel_id_fk" FOREIGN KEY ("hotel_id") REFERENCES "public"."hotel"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_conversation" ADD CONSTRAINT "chat_conversation_offer_id_offer_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offer"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_conversation" ADD CONSTRAINT "chat_conversation_channel_id_channel_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channel"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_message" ADD CONSTRAINT "chat_message_conversation_id_chat_conversation_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."chat_conversation"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_message" ADD CONSTRAINT "chat_message_staff_user_id_staff_user_id_fk" FOREIGN KEY ("staff_user_id") REFERENCES "public"."staff_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chat_conversation_offer" ON "chat_conversation" USING btree ("offer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_conversation_token" ON "chat_conversation" USING btree ("guest_token_sha256");--> statement-breakpoint
CREATE INDEX "chat_conversation_hotel_last" ON "chat_conversation" USING btree ("hotel_id","last_message_at");--> statement-breakpoint
CREATE INDEX "chat_message_conversation" ON "chat_message" USING btree ("conversation_id","id");--> statement-breakpoint
CREATE INDEX "chat_message_guest_unread" ON "chat_message" USING btree ("conversation_id") WHERE "chat_message"."author" = 'guest' and "chat_message"."read_at" is null;--> statement-breakpoint
CREATE INDEX "chat_message_reply_unmailed" ON "chat_message" USING btree ("created_at") WHERE "chat_message"."author" = 'hotel' and "chat_message"."read_at" is null and "chat_message"."mailed_at" is null;