import { lastFour, validateCard } from "@alloggio/domain/booking/card";
import { todayInZone } from "@alloggio/domain/stay-dates/stay-dates";
import type { FastifyInstance } from "fastify";
import type { SandboxGateway } from "./sandbox-gateway";

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** Only paths of this site: the sandbox never sends a guest elsewhere (no open redirect). */
const safeReturn = (value: unknown) =>
  typeof value === "string" && value.startsWith("/") && !value.startsWith("//") ? value : "/";

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
body{font-family:system-ui,sans-serif;margin:0;padding:1rem;color:#1f2933;background:#fff}
main{max-width:26rem;margin:0 auto}
h1{font-size:1.25rem}
label{display:block;font-weight:600;margin:.75rem 0 .25rem}
input{font:inherit;width:100%;box-sizing:border-box;min-height:44px;padding:.5rem;border:1px solid #52606d;border-radius:8px}
button{font:inherit;min-height:44px;padding:.5rem 1rem;border-radius:8px;border:1px solid #1d4ed8;background:#1d4ed8;color:#fff;font-weight:600;margin-top:1rem;cursor:pointer}
button.secondary{background:#fff;color:#1d4ed8}
.error{color:#9b1c1c}
.note{color:#52606d;font-size:.875rem}
:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}
</style></head><body><main>${body}</main></body></html>`;
}

const METHOD_TITLES: Record<string, string> = {
  instant_bank: "Instant bank payment",
  wallet: "Digital wallet",
  mobile: "Mobile payment",
  pay_by_link: "Payment link",
};

/** 12345 EUR → "EUR 123.45": the sandbox shows amounts plainly, in the currency's own digits. */
function plainAmount(amountMinor: number, currency: string): string {
  let digits = 2;
  try {
    digits =
      new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ??
      2;
  } catch {}
  return `${currency} ${(amountMinor / 10 ** digits).toFixed(digits)}`;
}

const CARD_ERRORS: Record<string, string> = {
  required: "This field is required.",
  invalid_expiry_format: "Invalid date, should be MM/YYYY.",
  card_expired: "This card has expired.",
  invalid_card_number: "Invalid card number.",
  invalid_cvv: "Invalid CVV.",
  unknown_card: "This sandbox accepts only its test cards.",
};

function cardForm(
  returnUrl: string,
  errors: Record<string, string> = {},
  values: Record<string, string> = {},
) {
  const field = (name: string, label: string, attrs: string) => {
    const error = errors[name];
    const id = `card-${name}`;
    return `<label for="${id}">${label}</label>
<input id="${id}" name="${name}" ${attrs} value="${escapeHtml(name === "number" || name === "cvv" ? "" : (values[name] ?? ""))}"${
      error ? ` aria-invalid="true" aria-describedby="${id}-error"` : ""
    }>${error ? `<p class="error" id="${id}-error">${escapeHtml(error)}</p>` : ""}`;
  };
  return page(
    "Sandbox card payment",
    `<h1>Card details</h1>
<p class="note">Sandbox gateway: no real card is charged. Test cards: 4242 4242 4242 4242 (accepted), 4000 0000 0000 3220 (3-D Secure), 4000 0000 0000 0002 (declined), 4000 0000 0000 9995 (insufficient funds).</p>
<form method="post" action="/sandbox-gateway/card" novalidate>
<input type="hidden" name="return" value="${escapeHtml(returnUrl)}">
${field("number", "Card number", 'inputmode="numeric" autocomplete="cc-number" required')}
${field("expiry", "Expiry (MM/YYYY)", 'autocomplete="cc-exp" placeholder="MM/YYYY" required')}
${field("holder", "Card holder", 'autocomplete="cc-name" required')}
${field("cvv", "CVV", 'inputmode="numeric" autocomplete="cc-csc" required')}
<button type="submit">Save card</button>
</form>`,
  );
}

/**
 * The sandbox gateway's own pages, as a real gateway would host them: the card page (card number, expiry
 * MM/YYYY, holder, CVV → a token) and the 3-D Secure challenge. Served apart from the API and the web app.
 */
export async function registerSandboxRoutes(app: FastifyInstance, gateway: SandboxGateway, now: () => Date) {
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      "application/x-www-form-urlencoded",
      { parseAs: "string" },
      (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );
    const html = (reply: import("fastify").FastifyReply, body: string, status = 200) =>
      reply.status(status).type("text/html").header("cache-control", "no-store").send(body);

    scope.get("/sandbox-gateway/card", { schema: { hide: true } }, (request, reply) =>
      html(reply, cardForm(safeReturn((request.query as Record<string, unknown>).return))),
    );

    scope.post("/sandbox-gateway/card", { schema: { hide: true } }, async (request, reply) => {
      const form = (request.body ?? {}) as Record<string, string>;
      const returnUrl = safeReturn(form.return);
      const card = {
        number: String(form.number ?? "").replace(/[\s-]/g, ""),
        expiry: String(form.expiry ?? "").trim(),
        holder: String(form.holder ?? "").trim(),
        cvv: String(form.cvv ?? "").trim(),
      };
      const errors: Record<string, string> = {};
      for (const issue of validateCard(card, todayInZone(now(), "UTC")))
        errors[issue.field] ??= CARD_ERRORS[issue.code] ?? issue.code;
      let token: string | null = null;
      if (Object.keys(errors).length === 0) {
        token = await gateway.tokenise({ number: card.number, last4: lastFour(card.number) });
        if (!token) errors.number = CARD_ERRORS.unknown_card!;
      }
      if (!token) return html(reply, cardForm(returnUrl, errors, form), 422);
      const sep = returnUrl.includes("?") ? "&" : "?";
      const target = `${returnUrl}${sep}cardToken=${token}&last4=${lastFour(card.number)}`;
      return html(
        reply,
        page(
          "Card saved",
          `<h1>Card saved</h1><p>Card ending ${lastFour(card.number)} is ready.</p>
<p><a id="continue" href="${escapeHtml(target)}" data-token="${token}" data-last4="${lastFour(card.number)}">Continue</a></p>
<script src="/sandbox-gateway/done.js"></script>`,
        ),
      );
    });

    // Inside the checkout's frame, the token goes to the page by postMessage; alone, the guest follows the link.
    scope.get("/sandbox-gateway/done.js", { schema: { hide: true } }, (_request, reply) =>
      reply
        .type("text/javascript")
        .send(
          `(function(){var a=document.getElementById("continue");if(!a)return;if(window.parent!==window){window.parent.postMessage({type:"alloggio-card-token",token:a.dataset.token,last4:a.dataset.last4},window.location.origin);}else{window.location.replace(a.href);}})();`,
        ),
    );

    const waitingPage = async (ref: string, reply: import("fastify").FastifyReply) => {
      const payment = await gateway.describe(ref);
      if (!payment) return html(reply, page("Not found", "<h1>Unknown payment</h1>"), 404);
      const amount = plainAmount(payment.amountMinor, payment.currency);
      const card = payment.method === "card";
      const title = card ? "3-D Secure check" : (METHOD_TITLES[payment.method] ?? "Payment");
      const waiting = payment.status === "requires_challenge" || payment.status === "requires_action";
      return html(
        reply,
        page(
          title,
          `<h1>${escapeHtml(title)}</h1>
<p>${card ? "Your bank asks you to confirm this payment." : "Sandbox: no real money moves. Confirm or cancel the payment."}</p>
<p>Amount: <strong>${escapeHtml(amount)}</strong></p>
${
  waiting
    ? `<form method="post">
<button type="submit" name="outcome" value="approve">Confirm payment</button>
<button type="submit" name="outcome" value="fail" class="secondary">Cancel payment</button>
</form>`
    : `<p>This payment is already ${escapeHtml(payment.status)}.</p>`
}`,
        ),
      );
    };
    const complete = async (ref: string, outcome: unknown, reply: import("fastify").FastifyReply) => {
      const done = await gateway.completeChallenge(ref, outcome === "approve");
      if (!done) return html(reply, page("Not found", "<h1>Unknown payment</h1>"), 404);
      return reply.redirect(safeReturn(done.returnUrl), 303);
    };

    // The 3-D Secure challenge of a card, and the page of a redirect method (instant bank, wallet, mobile, link).
    for (const kind of ["challenge", "pay"]) {
      scope.get(`/sandbox-gateway/${kind}/:ref`, { schema: { hide: true } }, (request, reply) =>
        waitingPage((request.params as { ref: string }).ref, reply),
      );
      scope.post(`/sandbox-gateway/${kind}/:ref`, { schema: { hide: true } }, (request, reply) =>
        complete(
          (request.params as { ref: string }).ref,
          ((request.body ?? {}) as Record<string, string>).outcome,
          reply,
        ),
      );
    }
  });
}
