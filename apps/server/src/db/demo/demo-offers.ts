import { randomBytes } from "node:crypto";
import { addDays, ymdToIso } from "@alloggio/domain/stay-dates/stay-dates";
import { sql } from "drizzle-orm";
import { createHotelApiKey, type PricedOption, priceOfferOption } from "../../features/offers";
import type { Database } from "../client";
import { offer, offerHistory, offerOption, offerOptionRoom } from "../schema";
import type { DemoSecrets } from "./demo-files";
import { DEMO_DIRECT_CHANNEL_ID } from "./demo-files";

/**
 * The demo's exposed-API key of hotel 1, published in the README for the demo only: with it,
 * `POST /api/v2/offers/create` makes offers of hotel 1. Only its sha256 is stored, as for any key.
 */
export const DEMO_OFFER_API_KEY = "alk_demo-hotel-1-offers-not-secret";
/** The demo offer: its code (16 Crockford characters, fixed so the README can name it) and its recipient. */
export const DEMO_OFFER_CODE = "DEM00FFERH0TE101";
export const DEMO_OFFER_EMAIL = "offer@demo.alloggio";

/**
 * Hotel 1's API key and one offer with two options (its first two room types for two adults at its first direct
 * rate), for a stay 30 days after `today`, valid 14 days: open it at /offer/DEM00FFERH0TE101 with
 * offer@demo.alloggio, and confirm it (the demo's inventory is open on those nights; demo-files.test.ts books it).
 */
export async function loadDemoOffers(
  database: Database,
  today: string,
  { publishedSecrets }: DemoSecrets = { publishedSecrets: true },
  hotelId = 1,
): Promise<void> {
  const ymd = today.replaceAll("-", "");
  // Without the published key the offer is the back office's own (a production start that asked for the demo).
  const keyId = publishedSecrets
    ? (await createHotelApiKey(database.db, hotelId, "Demo PMS", DEMO_OFFER_API_KEY)).id
    : null;
  const [hotel] = await database.query<{
    currency: string;
    digits: number;
    rooms: number[];
    rate: number | null;
    mandatory: number[];
  }>(sql`
    select h.currency_code as currency,
      (select c.decimal_digits from currency c where c.code = h.currency_code) as digits,
      -- A mandatory category needs a service in every booking: the option includes its cheapest one, as a gift.
      array(select distinct on (s.category_id) s.id from service s
        join service_category sc on sc.id = s.category_id and sc.mandatory
        where s.hotel_id = h.id order by s.category_id, s.price_minor, s.id) as mandatory,
      array(select rt.id from room_type rt where rt.hotel_id = h.id and rt.max_adults >= 2
        order by rt.sort_order, rt.id limit 2) as rooms,
      (select rp.id from rate_plan rp join rate_plan_channel rpc on rpc.rate_plan_id = rp.id
        where rp.hotel_id = h.id and rpc.channel_id = ${DEMO_DIRECT_CHANNEL_ID} and not rp.trade_only
        order by rp.sort_order, rp.id limit 1) as rate
    from hotel h where h.id = ${hotelId}`);
  if (!hotel || hotel.rate === null || hotel.rooms.length === 0) return;
  const rate = hotel.rate;
  const arrival = addDays(ymd, 30);
  const choices = hotel.rooms.length > 1 ? hotel.rooms : [hotel.rooms[0]!, hotel.rooms[0]!];
  const options = choices.map((roomTypeId, i) => ({
    roomTypeId,
    priceMinor: i === 0 ? 42000 : 61500,
    services: hotel.mandatory.map((serviceId) => ({ serviceId, quantity: 1, priceMinor: 0 })),
  }));
  // Priced as the offers the API creates: the booking's total with the hotel's mandatory extras, city tax beside.
  // The held prices are signed and read back inside the call, so a secret of the moment serves.
  const pricingDeps = {
    database,
    now: () => new Date(`${ymdToIso(ymd)}T10:00:00Z`),
    overrideSecret: randomBytes(32).toString("hex"),
  };
  const priced: PricedOption[] = [];
  for (const option of options)
    priced.push(
      await priceOfferOption(
        pricingDeps,
        {
          hotel: { id: hotelId },
          channelId: DEMO_DIRECT_CHANNEL_ID,
          languageId: 1,
          arrival,
          departure: addDays(arrival, 3),
          currency: { code: hotel.currency, decimalDigits: hotel.digits },
        },
        {
          rooms: [
            { roomId: option.roomTypeId, rateId: rate, adults: 2, ages: [], priceMinor: option.priceMinor },
          ],
          services: option.services.map((s) => ({ ...s, needsDate: false, slot: null })),
        },
      ),
    );
  await database.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(offer)
      .values({
        code: DEMO_OFFER_CODE,
        hotelId,
        channelId: DEMO_DIRECT_CHANNEL_ID,
        languageId: 1,
        recipientName: "Alex Demo",
        email: DEMO_OFFER_EMAIL,
        arrival: ymdToIso(arrival),
        departure: ymdToIso(addDays(arrival, 3)),
        currencyCode: hotel.currency,
        message:
          "Thank you for your enquiry: here are two ways to stay with us. Breakfast on the terrace included.",
        video: {
          provider: "youtube",
          kind: "video",
          id: "dQw4w9WgXcQ",
          url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
          embedUrl: "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ",
        },
        expiresAt: new Date(`${ymdToIso(addDays(ymd, 14))}T22:00:00Z`),
        apiKeyId: keyId,
      })
      .returning({ id: offer.id });
    const offerId = row!.id;
    for (const [i, { roomTypeId, priceMinor }] of options.entries()) {
      const [option] = await tx
        .insert(offerOption)
        .values({
          offerId,
          position: i + 1,
          title: i === 0 ? "Classic" : "Superior",
          services: priced[i]!.services,
          totalMinor: priced[i]!.totalMinor,
          cityTaxMinor: priced[i]!.cityTaxMinor,
        })
        .returning({ id: offerOption.id });
      await tx
        .insert(offerOptionRoom)
        .values({ optionId: option!.id, position: 1, roomTypeId, ratePlanId: rate, adults: 2, priceMinor });
    }
    await tx.insert(offerHistory).values({
      offerId,
      actor: keyId === null ? "system" : `api-key:${keyId}`,
      action: "created",
      toState: "locked",
    });
  });
}
