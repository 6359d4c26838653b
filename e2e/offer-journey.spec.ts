import type { APIRequestContext, Page, TestInfo } from "@playwright/test";
import { expect, test } from "./fixtures";
import { bookOfferAndReachVoucher, fillOfferConfirmation, unlockOffer } from "./offers";
import { findOpenStay } from "./stays";

// The recipient's side of a personalised offer (ADR 0036): fresh offers of demo hotel 1 created through
// the exposed API with the demo key, then opened, declined, confirmed or found expired in the browser.

const KEY = "alk_demo-hotel-1-offers-not-secret";
/** Demo hotel 1's mandatory category (travel insurance): its free basic cover, which every option must include. */
const BASIC_COVER = 101;

type Avail = {
  availability: { id: number; name: string; rates: { id: number; name: string; prepaids: unknown[] }[] }[][];
};

let created = 0;

/** A two-option offer for a stay the calendar leaves open; each project and test its own nights. */
async function createOffer(
  request: APIRequestContext,
  testInfo: TestInfo,
  options: { from: number; expiresAt?: string },
) {
  const mobile = testInfo.project.name.endsWith("mobile");
  const stay = await findOpenStay(request, { from: options.from + (mobile ? 60 : 0), nights: 3 });
  const answer = await request.get(
    `/api/avail.do?hotel=1&channel=1&language=1&arrival=${stay.arrival}&departure=${stay.departure}&adults=2`,
  );
  expect(answer.ok()).toBe(true);
  const rooms = ((await answer.json()) as Avail).availability[0] ?? [];
  const withRates = rooms.filter((r) => r.rates.length > 0);
  const first = withRates[0];
  const second = withRates[1] ?? first;
  if (!first || !second) throw new Error("no room for the offer");
  const prepaid = second.rates.find((r) => r.prepaids.length > 0) ?? second.rates[0]!;
  const email = `anna.${testInfo.project.name}.${Date.now()}.${++created}@example.test`;
  const services = [{ serviceId: BASIC_COVER, quantity: 1, priceMinor: 0 }];
  const response = await request.post("/api/v2/offers/create", {
    headers: {
      Authorization: `Bearer ${KEY}`,
      "Idempotency-Key": `offer-e2e-${testInfo.project.name}-${Date.now()}-${created}`,
    },
    data: {
      hotel: 1,
      channel: 1,
      recipient: { name: "Anna Bianchi", email, language: 1 },
      arrival: stay.arrival,
      departure: stay.departure,
      options: [
        {
          title: "Classic",
          rooms: [{ roomId: first.id, rateId: first.rates[0]!.id, adults: 2, priceMinor: 42000 }],
          services,
        },
        {
          title: "Superior",
          rooms: [{ roomId: second.id, rateId: prepaid.id, adults: 2, priceMinor: 61500 }],
          services,
        },
      ],
      message: "Dear Anna,\nhere are two ways to stay with us.",
      expiresAt: options.expiresAt ?? new Date(Date.now() + 7 * 86_400_000).toISOString(),
      video: "https://youtu.be/dQw4w9WgXcQ",
    },
  });
  expect(response.status(), await response.text()).toBe(200);
  const { offerCode } = (await response.json()) as { offerCode: string };
  return { code: offerCode, email, roomName: second.name };
}

const unlock = (page: Page, email: string) => unlockOffer(page, email, "Anna Bianchi");

test("unlock (a wrong e-mail first), two options, video on click, confirm option 2 by card, voucher, /cro", async ({
  page,
  request,
  axe,
  capture,
}, testInfo) => {
  test.setTimeout(120_000);
  const look = async (screen: string) => {
    await capture(screen);
    await axe(screen);
  };
  const offer = await createOffer(request, testInfo, { from: 35 });
  const thirdParty: string[] = [];
  page.on("request", (r) => {
    if (/youtube|vimeo|dailymotion/.test(new URL(r.url()).hostname)) thirdParty.push(r.url());
  });
  // The link as a guest may type it: lower case.
  await page.goto(`/offer/${offer.code.toLowerCase()}`);
  await expect(page.getByRole("heading", { level: 1, name: "An offer for you" })).toBeVisible();
  await look("offer locked");

  await page.getByLabel("Your e-mail address").fill("someone.else@example.test");
  await page.getByRole("button", { name: "Open the offer" }).click();
  await expect(page.getByRole("alert")).toHaveText(
    "This e-mail address does not open this offer. Please use the address the offer was sent to.",
  );
  await look("offer wrong e-mail");

  await unlock(page, offer.email);
  const options = page.getByRole("region", { name: "Your 2 options" });
  await expect(options.getByRole("article")).toHaveCount(2);
  await expect(options.getByRole("heading", { name: "Classic" })).toBeVisible();
  await expect(options.getByRole("heading", { name: "Superior" })).toBeVisible();
  await expect(page.getByText("here are two ways to stay with us.")).toBeVisible();
  // Side by side at desktop, stacked on a phone.
  const [a, b] = [
    await options.getByRole("article").nth(0).boundingBox(),
    await options.getByRole("article").nth(1).boundingBox(),
  ];
  if (testInfo.project.name.endsWith("mobile")) expect(b!.y).toBeGreaterThan(a!.y + a!.height - 1);
  else expect(b!.y).toBeCloseTo(a!.y, 0);
  await look("offer unlocked");

  // The video: nothing from the host before the click; then its privacy-friendly player.
  const videos = page.getByRole("region", { name: "Videos" });
  await expect(videos.locator("iframe")).toHaveCount(0);
  expect(thirdParty).toEqual([]);
  await videos.getByRole("button", { name: "Play video — loads content from YouTube" }).click();
  await expect(videos.locator("iframe")).toHaveAttribute(
    "src",
    "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ",
  );

  await options.getByRole("button", { name: "Choose this option" }).nth(1).click();
  await expect(page.getByRole("heading", { level: 1, name: "Confirm: Superior" })).toBeVisible();
  const summary = page.getByRole("region", { name: "Your choice" });
  await expect(summary.getByText(offer.roomName)).toBeVisible();
  await expect(page.getByLabel("Full name")).toHaveValue("Anna Bianchi");
  await expect(page.getByLabel("E-mail", { exact: true })).toHaveValue(offer.email);
  await fillOfferConfirmation(page, "Anna Bianchi");
  // Nothing on the confirmation step scrolls sideways (a phone's width included).
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
  ).toBe(0);
  await look("offer confirm step");
  const reservation = await bookOfferAndReachVoucher(page);

  // The offer now says it was confirmed, with the way to the reservation offer.
  await page.goto(`/offer/${offer.code}`);
  await expect(page.getByRole("heading", { level: 1, name: "You confirmed this offer" })).toBeVisible();
  await look("offer confirmed");
  await page.getByRole("link", { name: "See your reservation" }).click();
  await expect(page).toHaveURL(new RegExp(`/cro/${reservation}$`));
  await expect(page.getByRole("heading", { level: 1, name: "Reservation of Anna Bianchi" })).toBeVisible();
  await expect(page.getByText(reservation)).toBeVisible();
  await expect(page.getByRole("region", { name: "Booked option: Superior" })).toContainText(offer.roomName);
  await expect(page.getByRole("link", { name: "Manage my booking" })).toBeVisible();
  await look("reservation offer");
  if (!testInfo.project.name.endsWith("mobile")) {
    await page.setViewportSize({ width: 390, height: 844 });
    await capture("reservation offer 390");
  }
});

test("decline with a reason: the dialog insists on one, then the rejected state shows it", async ({
  page,
  request,
  axe,
  capture,
}, testInfo) => {
  const offer = await createOffer(request, testInfo, { from: 40 });
  await page.goto(`/offer/${offer.code}`);
  await unlock(page, offer.email);
  // A reload keeps the offer open (the access cookie), no e-mail to type again.
  await page.reload();
  await expect(
    page.getByRole("heading", { level: 1, name: "Hello Anna Bianchi, here is your offer" }),
  ).toBeVisible();
  await page.getByRole("button", { name: "Not for me" }).click();
  const dialog = page.getByRole("dialog", { name: "Decline this offer" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Send and decline" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Please tell the hotel why you decline the offer.");
  await capture("offer decline dialog");
  await axe("offer decline dialog");
  await dialog.getByLabel(/Why does this offer not suit you/).fill("We found a place closer to the lake.");
  await expect(dialog.getByText("36 of 1000 characters")).toBeVisible();
  await dialog.getByRole("button", { name: "Send and decline" }).click();
  await expect(
    page.getByRole("heading", { level: 1, name: "Thank you, the hotel has been told" }),
  ).toBeVisible();
  await expect(page.getByText("We found a place closer to the lake.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Choose this option" })).toHaveCount(0);
  await capture("offer rejected");
  await axe("offer rejected");
  // It stays so.
  await page.reload();
  await expect(
    page.getByRole("heading", { level: 1, name: "Thank you, the hotel has been told" }),
  ).toBeVisible();
});

test("an offer past its expiry says so; an unknown code is not found", async ({
  page,
  request,
  axe,
  capture,
}, testInfo) => {
  const expiresAt = new Date(Date.now() + 8_000);
  const offer = await createOffer(request, testInfo, { from: 45, expiresAt: expiresAt.toISOString() });
  await page.goto(`/offer/${offer.code}`);
  await unlock(page, offer.email);
  // Wait for the expiry, then the page (reloaded) says how the offer ended.
  await expect.poll(async () => Date.now() > expiresAt.getTime(), { intervals: [1000] }).toBe(true);
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "This offer has expired" })).toBeVisible();
  await expect(page.getByText(/This offer expired on .*Please contact the hotel\./)).toBeVisible();
  await capture("offer expired");
  await axe("offer expired");

  await page.goto("/offer/ZZZZZZZZZZZZZZZZ");
  await expect(page.getByRole("heading", { level: 1, name: "Offer not found" })).toBeVisible();
  await axe("offer not found");
});
