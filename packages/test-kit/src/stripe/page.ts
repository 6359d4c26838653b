import type Stripe from "stripe";

export type PageModel = {
  session: Stripe.Checkout.Session;
  merchant: string;
  actionBase: string;
  view?: "pay" | "challenge" | "redirect" | "closed";
  error?: string;
  method?: string;
};

const METHOD_NAMES: Record<string, string> = {
  paypal: "PayPal",
  klarna: "Klarna",
  ideal: "iDEAL",
  bancontact: "Bancontact",
  eps: "EPS",
  sofort: "Sofort",
  giropay: "giropay",
  p24: "Przelewy24",
  twint: "TWINT",
  mobilepay: "MobilePay",
  satispay: "Satispay",
  revolut_pay: "Revolut Pay",
  amazon_pay: "Amazon Pay",
  link: "Link",
  alipay: "Alipay",
  wechat_pay: "WeChat Pay",
};
const methodName = (type: string) => METHOD_NAMES[type] ?? type;

// Stripe's zero-decimal currencies: their amounts are already whole units.
const ZERO_DECIMAL = new Set([
  "bif",
  "clp",
  "djf",
  "gnf",
  "jpy",
  "kmf",
  "krw",
  "mga",
  "pyg",
  "rwf",
  "ugx",
  "vnd",
  "vuv",
  "xaf",
  "xof",
  "xpf",
]);

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c,
  );

function amountText(session: Stripe.Checkout.Session): string {
  if (session.mode === "setup" || session.amount_total === null || !session.currency) return "";
  const currency = session.currency.toUpperCase();
  const major = ZERO_DECIMAL.has(session.currency) ? session.amount_total : session.amount_total / 100;
  return new Intl.NumberFormat("en-GB", { style: "currency", currency }).format(major);
}

const STYLE = `body{font-family:system-ui,sans-serif;margin:0;background:#f6f9fc;color:#1a1f36}
main{max-width:28rem;margin:2rem auto;padding:1.5rem;background:#fff;border-radius:8px;box-shadow:0 1px 4px #0002}
label{display:block;margin:1rem 0 .25rem}input{width:100%;box-sizing:border-box;padding:.6rem;font-size:1rem}
button{display:block;width:100%;margin-top:.75rem;padding:.7rem;font-size:1rem;background:#635bff;color:#fff;border:0;border-radius:6px}
[role=alert]{color:#b3093c;font-weight:600}small{color:#555}`;

const TEST_CARDS_HINT = `<p><small>Test cards: 4242 4242 4242 4242 pays; 4000 0000 0000 0002 is declined;
4000 0000 0000 9995 has insufficient funds; 4000 0027 6000 3184 asks for 3D Secure.</small></p>`;

/**
 * The fake's hosted Checkout page: plain HTML forms (no script), labelled for assistive technology and for the
 * e2e, which chooses a test card, approves or fails the 3-D Secure step, or goes back to the merchant.
 */
export function hostedPage(model: PageModel): string {
  const { session } = model;
  const amount = amountText(session);
  const lang = session.locale && session.locale !== "auto" ? session.locale : "en";
  const back = session.cancel_url
    ? `<p><a href="${escapeHtml(session.cancel_url)}">Back to ${escapeHtml(model.merchant)}</a></p>`
    : "";
  const error = model.error ? `<p role="alert">${escapeHtml(model.error)}</p>` : "";
  let main: string;
  switch (model.view) {
    case "closed":
      main = `<h1>${escapeHtml(model.merchant)}</h1><p role="alert">${
        session.status === "complete"
          ? "This payment is already complete."
          : "This Checkout Session has expired."
      }</p>`;
      break;
    case "challenge":
    case "redirect": {
      const title =
        model.view === "challenge"
          ? "3D Secure authentication"
          : `${escapeHtml(methodName(model.method ?? ""))} test payment`;
      main = `<h1>${title}</h1>
<p>${model.view === "challenge" ? "Your bank asks you to confirm this payment" : "A test payment"}${
        amount ? ` of ${escapeHtml(amount)}` : ""
      } to ${escapeHtml(model.merchant)}.</p>
<form method="post" action="${model.actionBase}/${model.view}">
<input type="hidden" name="decision" value="approve"><button type="submit">${
        model.view === "challenge" ? "Complete authentication" : "Authorize test payment"
      }</button></form>
<form method="post" action="${model.actionBase}/${model.view}">
<input type="hidden" name="decision" value="fail"><button type="submit">${
        model.view === "challenge" ? "Fail authentication" : "Fail test payment"
      }</button></form>`;
      break;
    }
    default: {
      const others = session.payment_method_types
        .filter((type) => type !== "card")
        .map(
          (type) =>
            `<form method="post" action="${model.actionBase}"><input type="hidden" name="method" value="${escapeHtml(type)}"><button type="submit">Pay with ${escapeHtml(methodName(type))}</button></form>`,
        )
        .join("\n");
      const verb = session.mode === "setup" ? "Save card" : `Pay ${escapeHtml(amount)}`;
      main = `<h1>${escapeHtml(model.merchant)}</h1>
${amount ? `<p>Amount due: <strong>${escapeHtml(amount)}</strong></p>` : "<p>Save a card for later payments.</p>"}
${error}
${
  session.payment_method_types.includes("card")
    ? `<form method="post" action="${model.actionBase}">
<label for="card">Card number</label>
<input id="card" name="card" inputmode="numeric" autocomplete="cc-number" required>
<button type="submit">${verb}</button>
</form>${TEST_CARDS_HINT}`
    : ""
}
${others}`;
    }
  }
  return `<!doctype html>
<html lang="${escapeHtml(lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(model.merchant)} – Checkout</title>
<style>${STYLE}</style></head>
<body><main>
${main}
${back}
</main></body></html>`;
}
