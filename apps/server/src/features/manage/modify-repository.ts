import type { ServiceTerms } from "@alloggio/domain/booking/services";
import { commissionMinor } from "@alloggio/domain/booking/trade-booking";
import { eq, type SQL, sql } from "drizzle-orm";
import type { Database, Db, Tx } from "../../db/client";
import { type BookedFlights, reservationHistory, reservationRoom, reservationService } from "../../db/schema";
import { returnNights } from "../booking";

/** A hotel's service as a change prices and checks it. */
export type CatalogueEntry = ServiceTerms & { id: number; categoryId: number; categoryMandatory: boolean };

/** What a change needs beyond the stored reservation: how it was sold, its rates' stay rules, the hotel's offer. */
export type ModifyFacts = {
  customerId: number | null;
  /** The link as a guest names it (public id, or an imported link's number). */
  reservationLinkId: string | null;
  /** The package it was booked in, and the origin airport of its flights (a fly & stay keeps them on a change). */
  packageId: number | null;
  airport: string | null;
  /** The hotel's city tax per adult per night, minor units. */
  cityTaxMinor: number;
  rates: { id: number; minStay: number; maxStay: number | null; includedServiceIds: number[] }[];
  catalogue: CatalogueEntry[];
};

/** A transaction seen as a `Database`, so the booking's own pricing reads inside the change's transaction. */
export function inTransaction(database: Database, tx: Tx): Database {
  const query = async <T>(statement: SQL) => ((await tx.execute(statement)) as unknown as { rows: T[] }).rows;
  // Every read goes through the transaction: on PGlite, one connection, a read beside it would wait forever.
  return { ...database, db: tx as unknown as Db, query, queryPrepared: query };
}

/** ONE statement: the reservation's sale (trade customer, link), its rates' rules and the hotel's services. */
export async function loadModifyFacts(database: Database, reservationId: number): Promise<ModifyFacts> {
  const [row] = await database.query<{ facts: ModifyFacts }>(sql`
    select json_build_object(
      'customerId', r.customer_id, 'reservationLinkId', (select coalesce(l.public_id, l.id::text) from reservation_link l
        where l.id = r.reservation_link_id), 'packageId', r.package_id,
      'airport', (select rr.flights->'outbound'->>'from' from reservation_room rr
                  where rr.reservation_id = r.id and rr.flights is not null order by rr.id limit 1),
      'cityTaxMinor', h.city_tax_minor,
      'rates', coalesce((
        select json_agg(json_build_object('id', rp.id, 'minStay', rp.min_stay, 'maxStay', rp.max_stay,
          'includedServiceIds', rp.included_service_ids))
        from rate_plan rp
        where rp.id in (select rate_plan_id from reservation_room where reservation_id = r.id)), '[]'::json),
      'catalogue', coalesce((
        select json_agg(json_build_object('id', s.id, 'categoryId', s.category_id, 'categoryMandatory', k.mandatory,
          'pricingBasis', s.pricing_basis, 'perNight', s.per_night, 'priceMinor', s.price_minor,
          'mandatoryFor', s.mandatory_for, 'needsDate', s.needs_date, 'timeSlots', s.time_slots,
          'isTransfer', s.is_transfer, 'maxQuantity', s.max_quantity) order by s.id)
        from service s join service_category k on k.id = s.category_id
        where s.hotel_id = r.hotel_id), '[]'::json)
    ) as facts
    from reservation r join hotel h on h.id = r.hotel_id
    where r.id = ${reservationId}`);
  if (!row) throw new Error(`loadModifyFacts: no reservation ${reservationId}`);
  return row.facts;
}

/** The history row of a change already made under this Idempotency-Key, if any (exactly once, like a booking). */
export async function findChangeByKey(
  tx: Tx,
  reservationId: number,
  key: string,
): Promise<Record<string, unknown> | null> {
  const rows = await tx.execute(sql`select details from reservation_history
    where reservation_id = ${reservationId} and action = 'modify' and details->>'idempotencyKey' = ${key}
    limit 1`);
  return (rows as unknown as { rows: { details: Record<string, unknown> }[] }).rows[0]?.details ?? null;
}

/**
 * Gives the nights of these (active) rooms back to inventory without cancelling them: the first half of a date
 * swap, whose second half takes the new nights with `takeInventory`, in the same transaction.
 */
export async function giveBackNights(tx: Tx, roomIds: readonly number[]): Promise<void> {
  await returnNights(tx, roomIds, true);
}

/** A room's new dates and prices (ISO dates). */
export async function moveRoom(
  tx: Tx,
  room: {
    id: number;
    arrival: string;
    departure: string;
    nightlyMinor: number[];
    totalMinor: number;
    flights: BookedFlights | null;
    flightMinor: number;
  },
): Promise<void> {
  await tx.execute(sql`update reservation_room set arrival = ${room.arrival}::date,
    departure = ${room.departure}::date,
    nightly_minor = ${`{${room.nightlyMinor.map(Number).join(",")}}`}::int[],
    total_minor = ${room.totalMinor},
    flights = ${room.flights === null ? null : JSON.stringify(room.flights)}::jsonb,
    flight_minor = ${room.flightMinor}
    where id = ${room.id} and status = 'A'`);
  // A trade booking's commission follows the nights at the percent it was booked with (ADR 0031).
  const [stored] = await tx
    .select({ percent: reservationRoom.commissionPercent })
    .from(reservationRoom)
    .where(eq(reservationRoom.id, room.id));
  if (stored?.percent != null) {
    const nights = room.nightlyMinor.reduce((a, b) => a + b, 0);
    await tx
      .update(reservationRoom)
      .set({ commissionMinor: commissionMinor(nights, Number(stored.percent)) })
      .where(eq(reservationRoom.id, room.id));
  }
}

/** A booked service re-priced (and its day moved) with its room. */
export async function repriceService(
  tx: Tx,
  service: { id: number; priceMinor: number; day: string | null },
): Promise<void> {
  await tx.execute(sql`update reservation_service set price_minor = ${service.priceMinor},
    day = ${service.day}::date where id = ${service.id}`);
}

/** A service a change adds to a reservation, priced. */
export type AddedService = {
  roomId: number | null;
  serviceId: number;
  quantity: number;
  day: string | null;
  timeSlot: string | null;
  priceMinor: number;
  transfer: { time?: string; placeCode?: string; transportNumber?: string; note?: string } | null;
};

export async function insertServices(tx: Tx, reservationId: number, services: AddedService[]): Promise<void> {
  if (services.length === 0) return;
  await tx.insert(reservationService).values(services.map((s) => ({ reservationId, ...s })));
}

export async function insertHistory(
  tx: Tx,
  row: {
    reservationId: number;
    action: string;
    fromStatus: string;
    toStatus: string;
    details: Record<string, unknown>;
  },
): Promise<void> {
  await tx.insert(reservationHistory).values({ ...row, actor: "guest" });
}
