import { lastFour, validateCard } from "@alloggio/domain/booking/card";
import { decimalTextOf } from "@alloggio/domain/money/amounts";
import { formatMinorFor } from "@alloggio/domain/money/format-amount";
import { todayInZone } from "@alloggio/domain/stay-dates/stay-dates";
import type { FastifyInstance } from "fastify";
import type { SandboxGateway } from "../../features/payments";
import { sandboxTextsFor } from "../../features/payments";
import { paymentCsp } from "../page-csp";

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** Only paths of this site: the sandbox never sends a guest elsewhere (no open redirect). */
const safeReturn = (value: unknown) =>
  typeof value === "string" && value.startsWith("/") && !value.startsWith("//") ? value : "/";

function page(lang: string, title: string, body: string): string {
  return `<!doctype html><html lang="${escapeHtml(lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
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

/** The checkout's language id (SPEC §3) from a query or form value; anything else reads English. */
function languageOf(value: unknown): number {
  const id = Number(value);
  return Number.isInteger(id) && id >= 1 && id <= 9 ? id : 1;
}

/** 12345 EUR → "123,45 EUR" (or "EUR 123.45" in Chinese and Japanese): the amount as the booking pages show it. */
function formatAmount(amountMinor: number, currency: string, languageId: number): string {
  let digits = 2;
  try {
    digits =
      new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ??
      2;
    return formatMinorFor(amountMinor, { code: currency, decimalDigits: digits, rounding: 0 }, languageId);
  } catch {
    return `${currency} ${decimalTextOf(amountMinor, digits)}`;
  }
}

function cardForm(
  languageId: number,
  returnUrl: string,
  errors: Record<string, string> = {},
  values: Record<string, string> = {},
) {
  const { texts, lang } = sandboxTextsFor(languageId);
  const field = (name: string, label: string, attrs: string) => {
    const error = errors[name];
    const id = `card-${name}`;
    return `<label for="${id}">${escapeHtml(label)}</label>
<input id="${id}" name="${name}" ${attrs} value="${escapeHtml(name === "number" || name === "cvv" ? "" : (values[name] ?? ""))}"${
      error ? ` aria-invalid="true" aria-describedby="${id}-error"` : ""
    }>${error ? `<p class="error" id="${id}-error">${escapeHtml(error)}</p>` : ""}`;
  };
  const cards = texts.testCards({
    accepted: "4242 4242 4242 4242",
    challenge: "4000 0000 0000 3220",
    declined: "4000 0000 0000 0002",
    insufficient: "4000 0000 0000 9995",
    offSessionAsks: "4000 0027 6000 3184",
    offSessionFails: "4000 0000 0000 0341",
  });
  return page(
    lang,
    texts.cardTitle,
    `<h1>${escapeHtml(texts.cardHeading)}</h1>
<p class="note">${escapeHtml(cards)}</p>
<form method="post" action="/sandbox-gateway/card" novalidate>
<input type="hidden" name="return" value="${escapeHtml(returnUrl)}">
<input type="hidden" name="language" value="${languageId}">
${field("number", texts.number, 'inputmode="numeric" autocomplete="cc-number" required')}
${field("expiry", texts.expiry, `autocomplete="cc-exp" placeholder="${escapeHtml(texts.expiryPlaceholder)}" required`)}
${field("holder", texts.holder, 'autocomplete="cc-name" required')}
${field("cvv", texts.cvv, 'inputmode="numeric" autocomplete="cc-csc" required')}
<button type="submit">${escapeHtml(texts.save)}</button>
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
    // The gateway's pages are payment pages: the payment pages' policy (images, fonts, frames of the site only).
    const html = (reply: import("fastify").FastifyReply, body: string, status = 200) =>
      reply
        .status(status)
        .type("text/html")
        .header("cache-control", "no-store")
        .header(
          "content-security-policy",
          paymentCsp(
            String(reply.getHeader("content-security-policy") ?? "default-src 'self'"),
            gateway.pageOrigins,
          ),
        )
        .send(body);

    // `language`: the checkout's language id (SPEC §3), as the booking pages pass it along.
    scope.get("/sandbox-gateway/card", { schema: { hide: true } }, (request, reply) => {
      const query = request.query as Record<string, unknown>;
      return html(reply, cardForm(languageOf(query.language), safeReturn(query.return)));
    });

    scope.post("/sandbox-gateway/card", { schema: { hide: true } }, async (request, reply) => {
      const form = (request.body ?? {}) as Record<string, string>;
      const returnUrl = safeReturn(form.return);
      const languageId = languageOf(form.language);
      const { texts, lang } = sandboxTextsFor(languageId);
      const card = {
        number: String(form.number ?? "").replace(/[\s-]/g, ""),
        expiry: String(form.expiry ?? "").trim(),
        holder: String(form.holder ?? "").trim(),
        cvv: String(form.cvv ?? "").trim(),
      };
      const errors: Record<string, string> = {};
      for (const issue of validateCard(card, todayInZone(now(), "UTC")))
        errors[issue.field] ??= texts.errors[issue.code];
      let token: string | null = null;
      if (Object.keys(errors).length === 0) {
        token = await gateway.tokenise({ number: card.number, last4: lastFour(card.number) });
        if (!token) errors.number = texts.errors.unknown_card;
      }
      if (!token) return html(reply, cardForm(languageId, returnUrl, errors, form), 422);
      const sep = returnUrl.includes("?") ? "&" : "?";
      const target = `${returnUrl}${sep}cardToken=${token}&last4=${lastFour(card.number)}`;
      return html(
        reply,
        page(
          lang,
          texts.savedTitle,
          `<h1>${escapeHtml(texts.savedTitle)}</h1><p>${escapeHtml(texts.saved(lastFour(card.number)))}</p>
<p><a id="continue" href="${escapeHtml(target)}" data-token="${token}" data-last4="${lastFour(card.number)}">${escapeHtml(texts.continue)}</a></p>
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

    const notFound = (reply: import("fastify").FastifyReply, languageId: number) => {
      const { texts, lang } = sandboxTextsFor(languageId);
      return html(
        reply,
        page(lang, texts.notFoundTitle, `<h1>${escapeHtml(texts.unknownPayment)}</h1>`),
        404,
      );
    };
    const waitingPage = async (ref: string, languageId: number, reply: import("fastify").FastifyReply) => {
      const payment = await gateway.describe(ref);
      if (!payment) return notFound(reply, languageId);
      const { texts, lang } = sandboxTextsFor(languageId);
      const amount = formatAmount(payment.amountMinor, payment.currency, languageId);
      const card = payment.method === "card";
      const title = card
        ? texts.challengeTitle
        : (texts.methods[payment.method as keyof typeof texts.methods] ?? texts.paymentTitle);
      const waiting = payment.status === "requires_challenge" || payment.status === "requires_action";
      const done = texts.done[payment.status as keyof typeof texts.done] ?? texts.done.other;
      // A card guarantee checks the card for nothing: no payment of 0,00 to confirm.
      const cardCheck = card && payment.amountMinor === 0;
      return html(
        reply,
        page(
          lang,
          title,
          `<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(cardCheck ? texts.cardCheck : card ? texts.bankAsks : texts.sandboxRedirect)}</p>
${cardCheck ? "" : `<p>${escapeHtml(texts.amount)}: <strong>${escapeHtml(amount)}</strong></p>`}
${
  waiting
    ? `<form method="post">
<button type="submit" name="outcome" value="approve">${escapeHtml(cardCheck ? texts.confirmCard : texts.confirm)}</button>
<button type="submit" name="outcome" value="fail" class="secondary">${escapeHtml(texts.cancel)}</button>
</form>`
    : `<p>${escapeHtml(done)}</p>`
}`,
        ),
      );
    };
    const complete = async (
      ref: string,
      outcome: unknown,
      languageId: number,
      reply: import("fastify").FastifyReply,
    ) => {
      const done = await gateway.completeChallenge(ref, outcome === "approve");
      if (!done) return notFound(reply, languageId);
      return reply.redirect(safeReturn(done.returnUrl), 303);
    };

    // The 3-D Secure challenge of a card, and the page of a redirect method (instant bank, wallet, mobile, link).
    for (const kind of ["challenge", "pay"]) {
      scope.get(`/sandbox-gateway/${kind}/:ref`, { schema: { hide: true } }, (request, reply) =>
        waitingPage(
          (request.params as { ref: string }).ref,
          languageOf((request.query as Record<string, unknown>).language),
          reply,
        ),
      );
      scope.post(`/sandbox-gateway/${kind}/:ref`, { schema: { hide: true } }, (request, reply) =>
        complete(
          (request.params as { ref: string }).ref,
          ((request.body ?? {}) as Record<string, string>).outcome,
          languageOf((request.query as Record<string, unknown>).language),
          reply,
        ),
      );
    }
  });
}
