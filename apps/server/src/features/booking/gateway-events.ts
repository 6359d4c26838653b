import { AppError } from "../../http/errors";
import type { GatewayEvent, PaymentGateway } from "../payments";
import { recordGatewayDispute, recordGatewayRefunds } from "./gateway-money";
import { hotelOfReservationCode, keepGatewayEvent, markGatewayEventProcessed } from "./payment-repository";
import { type BookingDeps, handleGatewayEvent } from "./service";

/**
 * The reservation a posted event names (the reference Alloggio puts in the metadata of every payment it starts at
 * the gateway), read before the signature is checked only to know whose signing secret checks it: a forged name
 * fails that check.
 */
function referenceNamedBy(rawBody: string): string | null {
  try {
    const reference = JSON.parse(rawBody)?.data?.object?.metadata?.reference;
    return typeof reference === "string" && reference.length <= 40 ? reference : null;
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
  const reference = referenceNamedBy(rawBody);
  const named = reference ? await hotelOfReservationCode(deps.database, reference) : null;
  const hotels = named ? [named] : await deps.gateways.hotelsWith(name);
  let verified: { event: GatewayEvent; hotelId: number; gateway: PaymentGateway } | null = null;
  for (const hotelId of hotels) {
    const gateway: PaymentGateway | null = await deps.gateways.named(name, hotelId);
    if (!gateway?.verifyEvent) continue;
    try {
      verified = { event: gateway.verifyEvent(rawBody, headers), hotelId, gateway };
      break;
    } catch {
      // Not this hotel's secret (or not a valid signature at all): the next hotel, then a refusal.
    }
  }
  if (!verified) throw badSignature();
  const { event, hotelId, gateway } = verified;
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
    const ref = event.ref ?? (await gateway.refOfEvent?.(event)) ?? null;
    if (ref) {
      answer = await handleGatewayEvent(deps, name, ref, baseUrl);
      if (event.type === "charge.refunded") await recordGatewayRefunds(deps, gateway, ref);
      if (event.type.startsWith("charge.dispute.") && event.objectId)
        await recordGatewayDispute(deps, gateway, ref, event.objectId, baseUrl);
    }
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
