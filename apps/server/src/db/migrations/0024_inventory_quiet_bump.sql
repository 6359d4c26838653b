-- A booking's inventory update (and a cancellation's) bumps its hotel's search version as before (ADR 0045) but
-- without a NOTIFY, and through static SQL (ADR 0055). PostgreSQL serialises the commits of every transaction
-- that has NOTIFYed, so one notice per booking made all bookings commit one at a time; the notice only frees other
-- processes' memory early (an answer is served only after its version is read and found current), so a stale
-- answer of a booked hotel is found stale when it is next asked for, or pushed out by newer ones.
-- A change to anything else of an inventory row (allotment, closed, its room or day) still NOTIFYs.

-- The bump of migration 0020, the notice made optional; the one-argument form still notifies.
CREATE FUNCTION alloggio_bump_search_version(ids integer[], notify boolean) RETURNS void LANGUAGE plpgsql AS $fn$
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
  IF bumped IS NOT NULL AND notify THEN
    -- A NOTIFY payload holds 8000 bytes: past 1000 hotels, '*' tells the listeners to forget everything.
    PERFORM pg_notify('alloggio_search',
      CASE WHEN cardinality(bumped) > 1000 THEN '*' ELSE array_to_string(bumped, ',') END);
  END IF;
END
$fn$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION alloggio_bump_search_version(ids integer[]) RETURNS void LANGUAGE plpgsql AS $fn$
BEGIN
  PERFORM alloggio_bump_search_version(ids, true);
END
$fn$;
--> statement-breakpoint
-- The statement-level trigger of an UPDATE of inventory: static SQL over the transition tables (planned once per
-- connection, where alloggio_search_changed builds its query for every statement). When the statement changed no
-- more than `sold` (old and new rows equal but for it), the hotels are bumped quietly.
CREATE FUNCTION alloggio_inventory_changed() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  ids integer[];
BEGIN
  IF EXISTS (SELECT room_type_id, day, allotment, closed FROM changed_new
             EXCEPT ALL SELECT room_type_id, day, allotment, closed FROM changed_old) THEN
    SELECT array_agg(DISTINCT rt.hotel_id) INTO ids
    FROM (SELECT room_type_id FROM changed_new UNION SELECT room_type_id FROM changed_old) x
    JOIN room_type rt ON rt.id = x.room_type_id;
    PERFORM alloggio_bump_search_version(ids, true);
  ELSE
    SELECT array_agg(DISTINCT rt.hotel_id) INTO ids
    FROM (SELECT DISTINCT room_type_id FROM changed_new) x JOIN room_type rt ON rt.id = x.room_type_id;
    PERFORM alloggio_bump_search_version(ids, false);
  END IF;
  RETURN NULL;
END
$fn$;
--> statement-breakpoint
DROP TRIGGER search_version_update ON inventory;
--> statement-breakpoint
CREATE TRIGGER search_version_update AFTER UPDATE ON inventory REFERENCING OLD TABLE AS changed_old
  NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION alloggio_inventory_changed();
