import type { APIRequestContext, Page, TestInfo } from "@playwright/test";
import { CARD_FRAME, fillBooker } from "./checkout";
import { answerCookies } from "./consent";
import { expect, test } from "./fixtures";
import { findOpenStay } from "./stays";
import { E2E_STRIPE_ACCOUNT, STRIPE_HOTEL, stripeFake, switchHotelToStripe } from "./stripe";

// A hotel switched to Stripe (demo hotel 4, Chalet Edelweiss Zermatt, CHF) against the fake of Stripe's API and
// hosted page that playwright.config.ts starts: the guest types the card on Stripe's page only, comes back to our
// 3-D Secure return, and the booking is confirmed on Stripe's word (the return's check, the signed webhook).

const HOTEL = `/hotel/${STRIPE_HOTEL}/channel/1/language/1`;
const MERCHANT = E2E_STRIPE_ACCOUNT.account.displayName;
const ROOM = "Double room, Matterhorn view";
const FAKE_ORIGIN = new URL(process.env.E2E_STRIPE_URL ?? "http://127.0.0.1:3926").origin;

type AvailRoom = { id: number; name: string; rates: { id: number; name: string; payment: string }[] };
type Stay = { arrival: string; departure: string };

test.beforeAll(async ({ playwright }, testInfo) => {
  const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  await switchHotelToStripe(request);
  await request.dispose();
});

/** Each test and project its own part of the calendar. */
const offsetFor = (testInfo: TestInfo, base: number) => base + (testInfo.project.name === "mobile" ? 6 : 0);

async function rateOn(request: APIRequestContext, stay: Stay, rate: string) {
  const response = await request.get(
    `/api/avail.do?hotel=${STRIPE_HOTEL}&channel=1&language=1&arrival=${stay.arrival}&departure=${stay.departure}&adults=2`,
  );
  if (!response.ok()) return null;
  const rooms = ((await response.json()) as { availability: AvailRoom[][] }).availability.flat();
  const room = rooms.find((r) => r.name === ROOM);
  const found = room?.rates.find((r) => r.name === rate);
  return room && found ? { roomId: room.id, rateId: found.id } : null;
}

/** A stay of `nights` from `base` days ahead where the room sells `rate`. */
const stayWith = (
  request: APIRequestContext,
  testInfo: TestInfo,
  base: number,
  nights: number,
  rate: string,
) =>
  findOpenStay(request, {
    hotel: STRIPE_HOTEL,
    from: offsetFor(testInfo, base),
    within: 90,
    nights,
    accept: async (stay) => (await rateOn(request, stay, rate)) !== null,
  });

/** Books through guestdata.do as the checkout does; the code, the e-mail and where the browser goes next. */
async function book(
  request: APIRequestContext,
  testInfo: TestInfo,
  stay: Stay,
  rate: string,
  method: string,
) {
  const ids = await rateOn(request, stay, rate);
  expect(ids, `${rate} for ${stay.arrival}`).not.toBeNull();
  const email = `stripe.${method}.${testInfo.project.name}.${Date.now()}@example.test`;
  const response = await request.post("/api/guestdata.do", {
    headers: { "Idempotency-Key": `e2e-stripe-${method}-${testInfo.project.name}-${Date.now()}` },
    data: {
      method: "confirm",
      hotel: STRIPE_HOTEL,
      channel: 1,
      language: 1,
      arrival: stay.arrival,
      departure: stay.departure,
      rooms: [{ slot: 0, ...ids, adults: 2, ages: [], refundProtection: false }],
      booker: {
        fullname: "Lea Keller",
        email,
        emailConfirm: email,
        phone: { dialCode: "+41", number: "791234567" },
        country: "CH",
      },
      privacy: {
        marketing: false,
        report: false,
        profile: false,
        custom: [{ id: STRIPE_HOTEL * 100 + 1, accepted: true }],
      },
      terms: { cancellationPolicy: true, generalTerms: true, dataProcessing: true },
      // The demo hotel's mandatory category (travel insurance): its free basic cover.
      services: [{ serviceId: STRIPE_HOTEL * 100 + 1, slot: null, quantity: 1 }],
      payment: { method },
    },
  });
  expect(response.status(), await response.text()).toBe(200);
  const answer = (await response.json()) as {
    reservation: { code: string; status: string };
    next: string;
    redirectUrl?: string;
  };
  return { ...answer, email };
}

/** The Checkout Session of a page on Stripe (`/c/pay/cs_…`). */
const sessionOfUrl = (url: string) => new URL(url).pathname.split("/").find((p) => p.startsWith("cs_")) ?? "";

/** On Stripe's hosted page: types a test card and submits it. */
async function payOnStripe(page: Page, card: string, verb: RegExp) {
  await expect(page.getByRole("heading", { level: 1, name: MERCHANT })).toBeVisible();
  await page.getByLabel("Card number").fill(card);
  await page.getByRole("button", { name: verb }).click();
}

/** The CSP of a page of ours as the server sends it (a fresh load of its address). */
async function cspOf(request: APIRequestContext, path: string) {
  const response = await request.get(path);
  expect(response.ok()).toBe(true);
  return response.headers()["content-security-policy"] ?? "";
}

const directive = (csp: string, name: string) =>
  csp
    .split(";")
    .map((d) => d.trim().split(/\s+/))
    .find((d) => d[0] === name)
    ?.slice(1) ?? [];

/** The CSP violations the browser reports on the page as it goes (ours and Stripe's): none expected. */
function watchCsp(page: Page): string[] {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

const PREPAID_RATE = "Advance saver – non-refundable";

test("book on Stripe's page with 3-D Secure after a declined card: the voucher once Stripe says it is paid", async ({
  page,
  request,
  axe,
  capture,
}, testInfo) => {
  const look = async (screen: string) => {
    await capture(screen);
    await axe(screen);
  };
  const violations = watchCsp(page);
  const rate = PREPAID_RATE;
  const stay = await stayWith(request, testInfo, 35, 2, rate);

  // The checkout for a prepaid room: the card is not asked here, it is typed on Stripe's page.
  await page.goto(`${HOTEL}/rooms?arrival=${stay.arrival}&departure=${stay.departure}&adults=2`);
  await answerCookies(page);
  const card = page
    .getByRole("article")
    .filter({ has: page.getByRole("heading", { level: 3, name: ROOM, exact: true }) })
    .first();
  const showAll = card.getByRole("button", { name: /^Show all \d+ rates/ });
  await expect(card).toBeVisible();
  if (await showAll.isVisible()) await showAll.click();
  await card
    .getByRole("article", { name: rate, exact: true })
    .first()
    .getByRole("button", { name: /^Select/ })
    .click();
  const selection = page.getByRole("region", { name: "Your selection" });
  await selection.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/services/);
  await page.getByRole("checkbox", { name: "Basic cover (included)" }).check();
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/checkout/);
  const email = `stripe.card.${testInfo.project.name}.${Date.now()}@example.test`;
  await fillBooker(page, email);
  await page.getByRole("radio", { name: /Pay now by card/ }).check();
  await expect(
    page.getByText("you will enter your card on the secure page of our payment provider"),
  ).toBeVisible();
  await expect(page.getByTitle(CARD_FRAME)).toHaveCount(0);
  // The checkout's accessibility is the booking journey's; here only what a hotel on Stripe changes in it.
  await capture("checkout on Stripe");
  await page.getByRole("button", { name: /^Book and pay/ }).click();

  // Stripe's page: a declined card says so and lets the guest try another; this one asks for 3-D Secure.
  await page.waitForURL(`${FAKE_ORIGIN}/**`);
  const session = sessionOfUrl(page.url());
  await expect(page.getByText(/^Amount due: CHF/)).toBeVisible();
  await payOnStripe(page, "4000000000000002", /^Pay CHF/);
  await expect(page.getByRole("alert")).toHaveText("Your card was declined.");
  await capture("Stripe hosted page, declined");
  await payOnStripe(page, "4000002760003184", /^Pay CHF/);
  await expect(page.getByRole("heading", { level: 1, name: "3D Secure authentication" })).toBeVisible();
  await capture("Stripe 3-D Secure challenge");
  await page.getByRole("button", { name: "Complete authentication" }).click();

  // Back on our 3-D Secure return, which asks the server; the voucher once Stripe says it was paid.
  await page.waitForURL(/\/voucher\/code\//, { timeout: 30_000 });
  const code = /\/voucher\/code\/([^/]+)\//.exec(page.url())?.[1] ?? "";
  await expect(page.getByText(code).first()).toBeVisible();
  await expect(page.getByText("Status: Confirmed")).toBeVisible();
  await expect(page.getByRole("cell", { name: "Paid", exact: true }).first()).toBeVisible();
  await look("voucher paid on Stripe");
  // Stripe's signed webhook reached the server and was taken.
  await expect
    .poll(async () =>
      (await stripeFake().deliveries())
        .filter((d) => d.type === "checkout.session.completed" && d.payload.includes(session))
        .map((d) => d.status),
    )
    .toEqual([200]);

  // The payment pages name no origin of Stripe's: the guest goes to Stripe's page, nothing of it loads here.
  for (const path of [
    `${HOTEL}/checkout`,
    `${HOTEL}/3ds/code/${code}/email/${encodeURIComponent(email)}`,
    `${HOTEL}/voucher/code/${code}/email/${encodeURIComponent(email)}`,
    // An offer page's policy is its route's, whichever hotel's offer it shows.
    "/offer/0000000000000000",
  ]) {
    const csp = await cspOf(request, path);
    expect(csp, path).not.toContain(FAKE_ORIGIN);
    expect(csp.toLowerCase(), path).not.toContain("stripe");
    // Forms post to our origin only; the way to Stripe's page is a navigation, which no directive holds back.
    expect(directive(csp, "form-action"), path).toEqual(["'self'"]);
  }
  expect(directive(await cspOf(request, `${HOTEL}/checkout`), "frame-src")).toEqual(["'self'"]);
  expect(violations).toEqual([]);
});

test("a declined card, then back to the hotel without paying: the return page waits, then says it failed", async ({
  page,
  request,
  axe,
  capture,
}, testInfo) => {
  const violations = watchCsp(page);
  const rate = PREPAID_RATE;
  const abandoned = await book(
    request,
    testInfo,
    await stayWith(request, testInfo, 45, 2, rate),
    rate,
    "card_payment",
  );
  expect([abandoned.reservation.status, abandoned.next]).toEqual(["payment_required", "3ds"]);
  await page.goto(abandoned.redirectUrl!);
  await payOnStripe(page, "4000000000000002", /^Pay CHF/);
  await expect(page.getByRole("alert")).toHaveText("Your card was declined.");
  await page.getByRole("link", { name: `Back to ${MERCHANT}` }).click();
  await page.waitForURL(/\/3ds\/code\//);
  // Our return page says honestly that it is still checking, and confirms nothing.
  await expect(page.getByRole("status")).toHaveText(
    /Checking your payment|has not confirmed the payment yet/,
  );
  await capture("3-D Secure return, unpaid");
  // Stripe closes the page: the booking is cancelled, the return page says the payment did not go through.
  await stripeFake().expire(sessionOfUrl(abandoned.redirectUrl!));
  await expect(page.getByRole("status")).toHaveText(
    "There was a problem processing the payment, please try again.",
    { timeout: 20_000 },
  );
  await expect(page.getByRole("link", { name: "Back to the room search" })).toBeVisible();
  await capture("3-D Secure return, payment failed");
  await axe("3-D Secure return, payment failed");
  const retrieve = await request.post("/api/retrieve.do", {
    data: { channel: 1, code: abandoned.reservation.code, mail: abandoned.email },
  });
  expect(await retrieve.text()).not.toContain('"confirmed"');
  expect(violations).toEqual([]);
});

test("pre-authorise on Stripe's page, then save a card for a guarantee: both confirmed", async ({
  page,
  request,
  capture,
}, testInfo) => {
  const violations = watchCsp(page);
  const preauthRate = "Half board";
  const held = await book(
    request,
    testInfo,
    await stayWith(request, testInfo, 55, 2, preauthRate),
    preauthRate,
    "pre_authorisation",
  );
  expect([held.reservation.status, held.next]).toEqual(["preauth_required", "3ds"]);
  await page.goto(held.redirectUrl!);
  await payOnStripe(page, "4242424242424242", /^Pay CHF/);
  await page.waitForURL(/\/voucher\/code\//, { timeout: 30_000 });
  await expect(page.getByText("Status: Confirmed")).toBeVisible();
  // Confirmed as authorised: nothing was paid, the total is held on the card.
  const authorised = page.getByRole("region", { name: "Manage your booking" }).getByRole("status");
  await expect(authorised).toContainText(
    /^Your card is authorised for [\d.,\s]+CHF\. Your booking is confirmed\.$/,
  );
  await capture("voucher pre-authorised on Stripe");
  // On Stripe: the amount the voucher names is held on the card, nothing captured.
  const intentId = (await stripeFake().get<{ payment_intent: string }>(sessionOfUrl(held.redirectUrl!)))!
    .payment_intent;
  const intent = await stripeFake().get<{
    status: string;
    amount_capturable: number;
    amount_received: number;
  }>(intentId);
  expect(intent?.status).toBe("requires_capture");
  expect(String(intent?.amount_capturable)).toBe(((await authorised.textContent()) ?? "").replace(/\D/g, ""));
  expect(intent?.amount_received).toBe(0);

  const guaranteeRate = "Bed & breakfast – weekly saver";
  const guaranteed = await book(
    request,
    testInfo,
    await stayWith(request, testInfo, 65, 2, guaranteeRate),
    guaranteeRate,
    "card_guarantee",
  );
  await page.goto(guaranteed.redirectUrl!);
  await expect(page.getByText("Save a card for later payments.")).toBeVisible();
  await capture("Stripe hosted page, card guarantee");
  await payOnStripe(page, "4242424242424242", /^Save card$/);
  await page.waitForURL(/\/voucher\/code\//, { timeout: 30_000 });
  await expect(page.getByText("Status: Confirmed")).toBeVisible();
  await expect(page.getByRole("region", { name: "Manage your booking" }).getByRole("status")).toContainText(
    "Your card is registered as a guarantee. Nothing has been charged",
  );
  await capture("voucher guaranteed on Stripe");
  expect((await stripeFake().get<{ mode: string }>(sessionOfUrl(guaranteed.redirectUrl!)))?.mode).toBe(
    "setup",
  );
  expect(violations).toEqual([]);
});

test("pay now on Stripe's page from the voucher, then cancel free: the refund reaches Stripe", async ({
  page,
  request,
  axe,
  capture,
}, testInfo) => {
  const violations = watchCsp(page);
  const rate = "Full board – bank transfer";
  const booked = await book(
    request,
    testInfo,
    await stayWith(request, testInfo, 75, 3, rate),
    rate,
    "bank_transfer",
  );
  await page.goto(
    `${HOTEL}/voucher/code/${booked.reservation.code}/email/${encodeURIComponent(booked.email)}`,
  );
  await expect(page.getByText(booked.reservation.code).first()).toBeVisible();
  await page.getByRole("button", { name: /^Pay .* now$/ }).click();
  const dialog = page.getByRole("dialog", { name: "Pay now" });
  await expect(
    dialog.getByText("You will enter your card on the secure page of our payment provider"),
  ).toBeVisible();
  await capture("pay now dialog on Stripe");
  await axe("pay now dialog on Stripe");
  await dialog.getByRole("button", { name: "Continue to the payment page" }).click();
  await page.waitForURL(`${FAKE_ORIGIN}/**`);
  const session = sessionOfUrl(page.url());
  await payOnStripe(page, "4242424242424242", /^Pay CHF/);
  await page.waitForURL(/\/voucher\/code\//, { timeout: 30_000 });
  await expect(page.getByRole("region", { name: "Manage your booking" }).getByRole("status")).toContainText(
    /^Payment received\. Thank you\./,
  );

  await page.getByRole("button", { name: "Cancel the reservation" }).click();
  const cancel = page.getByRole("dialog", { name: "Cancel the reservation" });
  await expect(cancel.getByText("Cancellation is free.")).toBeVisible();
  await cancel.getByRole("button", { name: "Cancel the reservation" }).click();
  await expect(page.getByRole("region", { name: "Manage your booking" }).getByRole("status")).toContainText(
    "Your reservation is cancelled.",
  );
  await expect(page.getByRole("region", { name: "Payment" })).toContainText("Refund: done");
  await capture("voucher refunded on Stripe");

  // Stripe has the refund: the whole charge back on the card.
  const fake = stripeFake();
  const intentId = (await fake.get<{ payment_intent: string }>(session))!.payment_intent;
  const chargeId = (await fake.get<{ latest_charge: string }>(intentId))!.latest_charge;
  const charge = await fake.get<{ amount_captured: number; amount_refunded: number }>(chargeId);
  expect(charge!.amount_refunded).toBeGreaterThan(0);
  expect(charge!.amount_refunded).toBe(charge!.amount_captured);
  expect(violations).toEqual([]);
});
