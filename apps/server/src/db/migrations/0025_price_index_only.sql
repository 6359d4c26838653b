-- Prices and child prices are read by the search and the portal through their primary keys (room type, day, rate
-- plan, adults or age group), and all they read besides the key is the amount. With the amount carried in the
-- key's index those reads are index-only scans: no visit to the table's pages (ADR 0056). The key is the same; an
-- update of an amount now writes the index too (no HOT update), which prices, changed by a hotel, can afford.
ALTER TABLE "price" DROP CONSTRAINT "price_room_type_id_day_rate_plan_id_adults_pk";
--> statement-breakpoint
ALTER TABLE "price" ADD CONSTRAINT "price_room_type_id_day_rate_plan_id_adults_pk"
  PRIMARY KEY ("room_type_id", "day", "rate_plan_id", "adults") INCLUDE ("amount_minor");
--> statement-breakpoint
ALTER TABLE "child_price" DROP CONSTRAINT "child_price_room_type_id_day_rate_plan_id_age_group_id_pk";
--> statement-breakpoint
ALTER TABLE "child_price" ADD CONSTRAINT "child_price_room_type_id_day_rate_plan_id_age_group_id_pk"
  PRIMARY KEY ("room_type_id", "day", "rate_plan_id", "age_group_id") INCLUDE ("amount_minor");
