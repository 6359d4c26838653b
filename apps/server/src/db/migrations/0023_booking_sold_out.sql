-- Fails the statement that calls it: a booking's one statement (ADR 0052) calls it when its inventory update took
-- fewer nights than it asked, so that everything the statement wrote goes with it. The SQLSTATE is Alloggio's own
-- (class AL), which is how the server tells a sold-out booking from any other failure (ADR 0055).
CREATE FUNCTION alloggio_sold_out(taken bigint, asked integer) RETURNS integer LANGUAGE plpgsql VOLATILE AS $fn$
BEGIN
  RAISE EXCEPTION 'alloggio sold out: nights taken % of %', taken, asked USING ERRCODE = 'AL001';
END
$fn$;
