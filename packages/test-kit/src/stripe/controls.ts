import type Stripe from "stripe";
import type { CompleteOutcome, DeliverOptions, StripeFakeAccount, WebhookDelivery } from "./fake";

/**
 * The Stripe fake's test controls, from another process (an e2e worker): the same as the fake's own methods, over
 * its `/_fake/…` routes.
 */
export function stripeFakeControls(baseUrl: string) {
  async function call<T>(method: "GET" | "POST", path: string, body?: unknown): Promise<T> {
    const response = await fetch(`${baseUrl}/_fake${path}`, {
      method,
      ...(method === "POST" && {
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body ?? {}),
      }),
    });
    const answer = (await response.json()) as T & { error?: string };
    if (!response.ok) throw new Error(`stripe fake: ${answer.error ?? response.status}`);
    return answer;
  }
  return {
    complete: (sessionId: string, outcome: CompleteOutcome = "success", method?: string) =>
      call<{ redirect?: string; challenge?: true; error?: string }>(
        "POST",
        `/sessions/${sessionId}/complete`,
        {
          outcome,
          method,
        },
      ),
    expire: (sessionId: string) => call<Stripe.Checkout.Session>("POST", `/sessions/${sessionId}/expire`),
    expireDue: () => call<string[]>("POST", "/expire-due"),
    dispute: (ref: string, reason?: string) => call<Stripe.Dispute>("POST", "/disputes", { ref, reason }),
    closeDispute: (disputeId: string, outcome: "won" | "lost") =>
      call<Stripe.Dispute>("POST", `/disputes/${disputeId}/close`, { outcome }),
    refundInDashboard: (ref: string, amount?: number) =>
      call<Stripe.Refund>("POST", "/refunds", { ref, amount }),
    setDelivery: (mode: "deliver" | "hold") => call<null>("POST", "/delivery", { mode }),
    events: (type?: string) =>
      call<Stripe.Event[]>("GET", `/events${type ? `?type=${encodeURIComponent(type)}` : ""}`),
    held: () => call<Stripe.Event[]>("GET", "/held"),
    deliver: (eventId: string, options: DeliverOptions = {}) =>
      call<WebhookDelivery[]>("POST", `/events/${eventId}/deliver`, options),
    deliverHeld: (order: "oldest-first" | "newest-first" = "oldest-first") =>
      call<WebhookDelivery[]>("POST", "/deliver-held", { order }),
    deliveries: () => call<WebhookDelivery[]>("GET", "/deliveries"),
    addWebhookEndpoint: (endpoint: { url: string; secret: string }, account?: string) =>
      call<null>("POST", "/webhook-endpoints", { ...endpoint, account }),
    addAccount: (account: StripeFakeAccount) => call<Stripe.Account>("POST", "/accounts", account),
    get: <T = unknown>(id: string) => call<T | null>("GET", `/objects/${id}`),
  };
}
export type StripeFakeControls = ReturnType<typeof stripeFakeControls>;
