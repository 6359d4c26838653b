import { AppError } from "../../http/errors";
import type { GatewayEvent, PaymentGateway } from "../payments";
import { keepGatewayEvent, markGatewayEventProcessed } from "./payment-repository";
import { type BookingDeps, handleGatewayEvent } from "./service";

/**
 * The hotel a posted event names (the metadata Alloggio puts on every payment it starts at the gateway), read before
 * the signature is checked only to know whose signing secret checks it: a forged name fails that check.
 */
function hotelNamedBy(rawBody: string): number | null {
  try {
    const hotel = JSON.parse(rawBody)?.data?.object?.metadata?.hotel;
    const id = Number(hotel);
    return Number.isSafeInteger(id) && id > 0 ? id : null;
  } catch {
    return null;
  }
}

const badSignature = () =>
  new AppError("invalid_signature", 400, "The event's signature does not verify", [
    { field: "signature", message: "invalid" },
  ]);

/**
 * A webhook of gateway `name`: verified with the signing secret of the hotel it names (or, naming none, of each hotel
 * with that gateway), kept once by its id, then acted on by asking the gateway for the payment as it stands now, so
 * duplicates, replays and events out of order change nothing more than the first did. An event about no payment of
 * ours is acknowledged and left.
 */
export async function receiveGatewayEvent(
  deps: BookingDeps,
  name: string,
  rawBody: string,
  headers: Record<string, string | string[] | undefined>,
  baseUrl: string,
): Promise<{ received: true; status: string | null; duplicate: boolean }> {
  const named = hotelNamedBy(rawBody);
  const hotels = named ? [named] : await deps.gateways.hotelsWith(name);
  let verified: { event: GatewayEvent; hotelId: number } | null = null;
  for (const hotelId of hotels) {
    const gateway: PaymentGateway | null = await deps.gateways.named(name, hotelId);
    if (!gateway?.verifyEvent) continue;
    try {
      verified = { event: gateway.verifyEvent(rawBody, headers), hotelId };
      break;
    } catch {
      // Not this hotel's secret (or not a valid signature at all): the next hotel, then a refusal.
    }
  }
  if (!verified) throw badSignature();
  const { event, hotelId } = verified;
  const fresh = await keepGatewayEvent(deps.database, {
    gateway: name,
    eventId: event.id,
    hotelId,
    type: event.type,
    ref: event.ref,
    at: deps.now(),
  });
  if (!fresh) return { received: true, status: null, duplicate: true };
  let answer: { received: true; status: string | null } = { received: true, status: null };
  try {
    if (event.ref) answer = await handleGatewayEvent(deps, name, event.ref, baseUrl);
  } catch (err) {
    // The gateway could not be asked now: the event stays unprocessed and the gateway posts it again later.
    throw new AppError(
      "gateway_unavailable",
      503,
      "The payment gateway could not be reached, try again later",
      [{ field: "gateway", message: err instanceof Error ? err.message : String(err) }],
    );
  }
  await markGatewayEventProcessed(deps.database, name, event.id, deps.now());
  return { ...answer, duplicate: false };
}
