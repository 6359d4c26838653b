ALTER TABLE "search_version" ADD COLUMN "catalogue_version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- A hotel's catalogue version (ADR 0057): what a search keeps between searches (ADR 0053) — the hotel, its
-- channels, destinations and currency, age groups, rooms, rates, services, promo codes — is kept under this
-- version, which a change of prices, inventory or restrictions (a booking, a rate update) does not move. Until
-- now every booking made the hotel's next search and the booking after it read the whole catalogue again.
UPDATE search_version SET catalogue_version = version;
--> statement-breakpoint
-- The bump of migrations 0020 and 0024, told whether the change is to the catalogue: it bumps `version` always
-- (a cached answer depends on everything) and `catalogue_version` to the same new value only then.
CREATE FUNCTION alloggio_bump_search_version(ids integer[], notify boolean, catalogue boolean) RETURNS void
LANGUAGE plpgsql AS $fn$
DECLARE
  bumped integer[];
BEGIN
  IF ids IS NULL OR cardinality(ids) = 0 THEN
    RETURN;
  END IF;
  WITH up AS (
    INSERT INTO search_version AS v (hotel_id, version, catalogue_version)
    SELECT x.id, x.n, CASE WHEN catalogue THEN x.n ELSE 0 END
    FROM (SELECT h.id, nextval('search_version_seq') AS n FROM hotel h WHERE h.id = ANY(ids) ORDER BY h.id) x
    ON CONFLICT (hotel_id) DO UPDATE SET version = excluded.version,
      catalogue_version = CASE WHEN catalogue THEN excluded.version ELSE v.catalogue_version END
    RETURNING v.hotel_id
  )
  SELECT array_agg(hotel_id ORDER BY hotel_id) INTO bumped FROM up;
  IF bumped IS NOT NULL AND notify THEN
    -- A NOTIFY payload holds 8000 bytes: past 1000 hotels, '*' tells the listeners to forget everything.
    PERFORM pg_notify('alloggio_search',
      CASE WHEN cardinality(bumped) > 1000 THEN '*' ELSE array_to_string(bumped, ',') END);
  END IF;
END
$fn$;
--> statement-breakpoint
-- The one-argument form stays for callers outside the triggers (the bench's data set): a change of anything,
-- noticed. Migration 0024's two-argument form has no caller left once the triggers below call this one.
CREATE OR REPLACE FUNCTION alloggio_bump_search_version(ids integer[]) RETURNS void
LANGUAGE plpgsql AS $fn$
BEGIN
  PERFORM alloggio_bump_search_version(ids, true, true);
END
$fn$;
--> statement-breakpoint
-- The statement-level trigger of every table but inventory's UPDATE (migration 0020): the daily tables leave the
-- catalogue version as it is.
CREATE OR REPLACE FUNCTION alloggio_search_changed() RETURNS trigger LANGUAGE plpgsql AS $fn$
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
  PERFORM alloggio_bump_search_version(ids, true,
    TG_TABLE_NAME NOT IN ('inventory', 'price', 'child_price', 'restriction'));
  RETURN NULL;
END
$fn$;
--> statement-breakpoint
-- The UPDATE trigger of inventory (migration 0024): rooms sold bump quietly, other changes notify; neither is a
-- change of the catalogue.
CREATE OR REPLACE FUNCTION alloggio_inventory_changed() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  ids integer[];
BEGIN
  IF EXISTS (SELECT room_type_id, day, allotment, closed FROM changed_new
             EXCEPT ALL SELECT room_type_id, day, allotment, closed FROM changed_old) THEN
    SELECT array_agg(DISTINCT rt.hotel_id) INTO ids
    FROM (SELECT room_type_id FROM changed_new UNION SELECT room_type_id FROM changed_old) x
    JOIN room_type rt ON rt.id = x.room_type_id;
    PERFORM alloggio_bump_search_version(ids, true, false);
  ELSE
    SELECT array_agg(DISTINCT rt.hotel_id) INTO ids
    FROM (SELECT DISTINCT room_type_id FROM changed_new) x JOIN room_type rt ON rt.id = x.room_type_id;
    PERFORM alloggio_bump_search_version(ids, false, false);
  END IF;
  RETURN NULL;
END
$fn$;
--> statement-breakpoint
DROP FUNCTION alloggio_bump_search_version(integer[], boolean);
