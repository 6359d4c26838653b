CREATE TABLE "trade_password_token" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"trade_user_id" integer NOT NULL,
	"channel_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "trade_password_token" ADD CONSTRAINT "trade_password_token_trade_user_id_trade_user_id_fk" FOREIGN KEY ("trade_user_id") REFERENCES "public"."trade_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_password_token" ADD CONSTRAINT "trade_password_token_channel_id_channel_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channel"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trade_password_token_user" ON "trade_password_token" USING btree ("trade_user_id");