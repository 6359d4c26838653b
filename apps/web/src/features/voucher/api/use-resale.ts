import type { ResaleResponse } from "@alloggio/domain/contract/booking/resale";
import { deleteJson, postJson } from "../../../lib/api-client";
import { withKey } from "./manage-paths";

/** Puts rooms up for resale (ADR 0065): the holder's code and e-mail; the answer is every offer of the booking. */
export function listForResale(
  args: { code: string; mail: string; rooms: number[] },
  key: string,
): Promise<ResaleResponse> {
  return postJson<ResaleResponse>(
    `v2/reservations/${encodeURIComponent(args.code)}/resale`,
    { mail: args.mail, rooms: args.rooms },
    withKey(key),
  );
}

/** Takes back an offer none of whose nights sold (ADR 0070), with the holder's code and e-mail. */
export function withdrawFromResale(
  args: { code: string; mail: string; offerId: number },
  key: string,
): Promise<ResaleResponse> {
  return deleteJson<ResaleResponse>(
    `v2/reservations/${encodeURIComponent(args.code)}/resale/${args.offerId}`,
    { mail: args.mail },
    withKey(key),
  );
}
