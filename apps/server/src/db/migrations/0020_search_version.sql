CREATE TABLE "search_version" (
	"hotel_id" integer PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "search_version" ADD CONSTRAINT "search_version_hotel_id_hotel_id_fk" FOREIGN KEY ("hotel_id") REFERENCES "public"."hotel"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE SEQUENCE "search_version_seq";
--> statement-breakpoint
-- Bumps the search version of the hotels named (those that still exist), in hotel order so that two
-- transactions bumping the same hotels never deadlock, and tells the other processes (ADR 0045). A version
-- comes from a sequence, so it never repeats, not even for a hotel deleted and made again with the same id.
CREATE FUNCTION alloggio_bump_search_version(ids integer[]) RETURNS void LANGUAGE plpgsql AS $fn$
DECLARE
  bumped integer[];
BEGIN
  IF ids IS NULL OR cardinality(ids) = 0 THEN
    RETURN;
  END IF;
  WITH up AS (
    INSERT INTO search_version AS v (hotel_id, version)
    SELECT h.id, nextval('search_version_seq') FROM hotel h WHERE h.id = ANY(ids) ORDER BY h.id
    ON CONFLICT (hotel_id) DO UPDATE SET version = nextval('search_version_seq')
    RETURNING v.hotel_id
  )
  SELECT array_agg(hotel_id ORDER BY hotel_id) INTO bumped FROM up;
  IF bumped IS NOT NULL THEN
    -- A NOTIFY payload holds 8000 bytes: past 1000 hotels, '*' tells the listeners to forget everything.
    PERFORM pg_notify('alloggio_search',
      CASE WHEN cardinality(bumped) > 1000 THEN '*' ELSE array_to_string(bumped, ',') END);
  END IF;
END
$fn$;
--> statement-breakpoint
-- One statement-level trigger per table and event: the rows the statement changed (transition tables
-- changed_new / changed_old) name their hotels in one of six ways (TG_ARGV[0]).
CREATE FUNCTION alloggio_search_changed() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  src text;
  ids integer[];
  more integer[];
BEGIN
  src := CASE TG_ARGV[0]
    WHEN 'hotel_id' THEN 'SELECT hotel_id AS id FROM %I'
    WHEN 'hotel' THEN 'SELECT id FROM %I'
    WHEN 'room_type' THEN 'SELECT rt.hotel_id AS id FROM %I x JOIN room_type rt ON rt.id = x.room_type_id'
    WHEN 'rate_plan' THEN 'SELECT rp.hotel_id AS id FROM %I x JOIN rate_plan rp ON rp.id = x.rate_plan_id'
    WHEN 'currency' THEN 'SELECT h.id FROM %I x JOIN hotel h ON h.currency_code = x.code'
    WHEN 'channel' THEN 'SELECT hc.hotel_id AS id FROM %I x JOIN hotel_channel hc ON hc.channel_id = x.id'
  END;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    EXECUTE format('SELECT array_agg(DISTINCT id) FROM (' || src || ') s', 'changed_new') INTO ids;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    EXECUTE format('SELECT array_agg(DISTINCT id) FROM (' || src || ') s', 'changed_old') INTO more;
    ids := coalesce(ids, '{}') || coalesce(more, '{}');
  END IF;
  PERFORM alloggio_bump_search_version(ids);
  RETURN NULL;
END
$fn$;
--> statement-breakpoint
DO $do$
DECLARE
  t record;
BEGIN
  FOR t IN SELECT * FROM (VALUES
    ('hotel', 'hotel'), ('hotel_channel', 'hotel_id'), ('hotel_destination', 'hotel_id'),
    ('age_group', 'hotel_id'), ('room_type', 'hotel_id'), ('rate_plan', 'hotel_id'),
    ('rate_plan_channel', 'rate_plan'), ('inventory', 'room_type'), ('price', 'room_type'),
    ('child_price', 'room_type'), ('restriction', 'rate_plan'), ('promo_code', 'hotel_id'),
    ('service_category', 'hotel_id'), ('service', 'hotel_id'), ('currency', 'currency'), ('channel', 'channel')
  ) AS v(tbl, kind) LOOP
    EXECUTE format('CREATE TRIGGER search_version_insert AFTER INSERT ON %I REFERENCING NEW TABLE AS changed_new '
      'FOR EACH STATEMENT EXECUTE FUNCTION alloggio_search_changed(%L)', t.tbl, t.kind);
    EXECUTE format('CREATE TRIGGER search_version_update AFTER UPDATE ON %I REFERENCING OLD TABLE AS changed_old '
      'NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION alloggio_search_changed(%L)', t.tbl, t.kind);
    EXECUTE format('CREATE TRIGGER search_version_delete AFTER DELETE ON %I REFERENCING OLD TABLE AS changed_old '
      'FOR EACH STATEMENT EXECUTE FUNCTION alloggio_search_changed(%L)', t.tbl, t.kind);
  END LOOP;
END
$do$;
