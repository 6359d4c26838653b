import { agencyInvoice } from "@alloggio/domain/booking/trade-booking";
import type { GuestDataRequest } from "@alloggio/domain/contract/booking/guestdata";
import { tradePasswordExpired } from "@alloggio/domain/trade/login";
import type { FastifyRequest } from "fastify";
import type { Database } from "../../db/client";
import { AppError, badInput, notFound, refuseAnonymousCustomer } from "../../http/errors";
import type { LinkBase } from "../../http/link-base";
import { isEnabledFor, tradeUserOf } from "../trade";
import { channelKindAndHost } from "./pricing-repository";

// guestdata.do on a trade channel (ADR 0031): the customer and the user who books come from the
// trade session only; the agency data goes with the booking; the invoice may copy it.

export type TradeBooking = { customerId: number; userId: number };

export const tradeLoginRequired = () =>
  new AppError("trade_login_required", 401, "customer: booking on a trade channel needs a trade login", [
    { field: "customer", message: "needs a trade login" },
  ]);

/**
 * Who books (`trade`): null on a direct channel (where a `customer`, an `agency` or a copied invoice are refused), the
 * session's customer and user on a trade channel. A trade channel without a live session on it, or with a password
 * still to change, answers 401 `trade_login_required`; an account not enabled for the hotel 403
 * `trade_not_enabled`; a body `customer` other than the session's 403 (`refuseAnonymousCustomer`). And the base of
 * the booking's links (`link`), read in the same statement as the channel (ADR 0058).
 */
export async function tradeBookingOf(
  deps: { database: Database; now: () => Date },
  request: FastifyRequest,
  body: Pick<
    GuestDataRequest,
    "channel" | "hotel" | "customer" | "agency" | "invoiceFromAgency" | "checkPrepaid"
  >,
  link: LinkBase,
): Promise<{ trade: TradeBooking | null; link: string }> {
  const planned = link.plan(request);
  const channel = await channelKindAndHost(deps.database, body.channel, planned.host);
  if (!channel?.kind) throw notFound("channel", "Unknown channel");
  const base = planned.base(channel.host);
  if (channel.kind !== "trade") {
    refuseAnonymousCustomer(body.customer);
    if (body.agency) throw badInput("agency", "only a trade booking carries agency data");
    return { trade: null, link: base };
  }
  const trade = await tradeUserOf(deps, request);
  if (!trade || trade.channelId !== body.channel || tradePasswordExpired(trade.user, deps.now()))
    throw tradeLoginRequired();
  if (!(await isEnabledFor(deps.database.db, trade.customer.id, body.channel, body.hotel)))
    throw new AppError(
      "trade_not_enabled",
      403,
      "Your user is not enabled for these structures or channels",
      [{ field: "hotel", message: "not enabled for this trade account" }],
    );
  if (body.customer !== undefined && body.customer !== trade.customer.id)
    refuseAnonymousCustomer(body.customer);
  if (body.checkPrepaid === undefined && !body.agency) throw badInput("agency", "required");
  return { trade: { customerId: trade.customer.id, userId: trade.user.id }, link: base };
}

/** The request as it is priced and stored: the session's customer, the invoice copied from the agency if asked. */
export function withTradeBooking(req: GuestDataRequest, trade: TradeBooking | null): GuestDataRequest {
  if (!trade) return req;
  const copied = req.invoiceFromAgency && req.agency ? { invoice: agencyInvoice(req.agency) } : {};
  return { ...req, customer: trade.customerId, ...copied };
}
