import type { APIRequestContext, Locator, Page, TestInfo } from "@playwright/test";
import { CARD_FRAME } from "./checkout";
import { answerCookies } from "./consent";
import { addDays } from "./dates";
import { expect, test } from "./fixtures";
import { findOpenStay } from "./stays";

// Managing a booking from the voucher. Demo hotel 1 (Hotel Bellavista Riva), channel 1, English. Every test
// books its own stay through the API first, in its own part of the calendar (offsets apart from the other specs').
const HOTEL = "/hotel/1/channel/1/language/1";

type AvailRoom = {
  id: number;
  name: string;
  count: number;
  rates: { id: number; name: string; payment: string }[];
};
type Stay = { arrival: string; departure: string };

const offsetFor = (testInfo: TestInfo, base: number) => base + (testInfo.project.name === "mobile" ? 7 : 0);
/** Arrivals tried over 90 days; the night after the stay open too (more for a journey that moves the stay). */
const stayFor = (testInfo: TestInfo, base: number, nights: number, spare = 1) => ({
  from: offsetFor(testInfo, base),
  within: 90,
  nights,
  spare,
});

async function availRoom(request: APIRequestContext, stay: Stay, room: string): Promise<AvailRoom> {
  const response = await request.get(
    `/api/avail.do?hotel=1&channel=1&language=1&arrival=${stay.arrival}&departure=${stay.departure}&adults=2`,
  );
  expect(response.ok()).toBe(true);
  const rooms = ((await response.json()) as { availability: AvailRoom[][] }).availability.flat();
  const found = rooms.find((r) => r.name === room);
  expect(found, `${room} on sale for ${stay.arrival}–${stay.departure}`).toBeDefined();
  return found!;
}

/** Books `rooms` rooms of one type and rate through guestdata.do, as the checkout would; the code and e-mail. */
async function book(
  request: APIRequestContext,
  testInfo: TestInfo,
  input: {
    stay: Stay;
    room: string;
    rate: string;
    rooms: number;
    method: string;
    who: string;
    services?: Record<string, unknown>[];
  },
) {
  const room = await availRoom(request, input.stay, input.room);
  const rate = room.rates.find((r) => r.name === input.rate);
  expect(rate, `rate ${input.rate}`).toBeDefined();
  const email = `${input.who}.${testInfo.project.name}.${Date.now()}@example.test`;
  const response = await request.post("/api/guestdata.do", {
    headers: { "Idempotency-Key": `e2e-manage-${input.who}-${testInfo.project.name}-${Date.now()}` },
    data: {
      method: "confirm",
      hotel: 1,
      channel: 1,
      language: 1,
      arrival: input.stay.arrival,
      departure: input.stay.departure,
      rooms: Array.from({ length: input.rooms }, (_, slot) => ({
        slot,
        roomId: room.id,
        rateId: rate!.id,
        adults: 2,
        ages: [],
        refundProtection: false,
      })),
      booker: {
        fullname: "Marta Verdi",
        email,
        emailConfirm: email,
        phone: { dialCode: "+39", number: "3331234567" },
        country: "IT",
      },
      privacy: { marketing: false, report: false, profile: false, custom: [{ id: 101, accepted: true }] },
      terms: { cancellationPolicy: true, generalTerms: true, dataProcessing: true },
      // Demo hotel 1's mandatory category (travel insurance): its free basic cover.
      services: [{ serviceId: 101, slot: null, quantity: 1 }, ...(input.services ?? [])],
      payment: { method: input.method },
    },
  });
  expect(response.status(), await response.text()).toBe(200);
  const answer = (await response.json()) as { reservation: { code: string } };
  return { code: answer.reservation.code, email, roomTypeId: room.id };
}

/**
 * retrieve.do answers 30 calls a minute per address and every test of the run comes from one address: on
 * "Too many attempts" the test does what a guest would, waits for the window to pass and tries again.
 */
async function whenNotRateLimited(page: Page, shown: Locator, limited: Locator, retry: () => Promise<void>) {
  for (let attempt = 0; attempt < 3; attempt++) {
    await expect(shown.or(limited).first()).toBeVisible({ timeout: 20_000 });
    if (!(await limited.first().isVisible())) return;
    await page.waitForTimeout(61_000);
    await retry();
  }
  await expect(shown.first()).toBeVisible();
}

/** The voucher of `code` on screen (the page is already on its way there). */
async function expectVoucher(page: Page, code: string) {
  await whenNotRateLimited(
    page,
    page.getByText(code),
    page.getByRole("heading", { name: "Too many attempts" }),
    () => page.getByRole("button", { name: "Try again" }).click(),
  );
}

const voucherPath = (code: string, email: string) =>
  `${HOTEL}/voucher/code/${code}/email/${encodeURIComponent(email)}`;

/** The dates picker: arrival then departure, by their day buttons. */
async function pickDates(page: Page, within: ReturnType<Page["getByRole"]>, stay: Stay) {
  await within.getByRole("button", { name: /^Arrival and departure/ }).click();
  const picker = page.getByRole("dialog", { name: "Choose your dates" });
  await expect(picker).toBeVisible();
  for (const day of [stay.arrival, stay.departure]) {
    const button = picker.locator(`[data-date="${day}"]`);
    // The departure may sit in the next month on a phone (one month shown).
    for (let i = 0; i < 3 && !(await button.isVisible()); i++)
      await picker.getByRole("button", { name: /Next month/ }).click();
    await button.click();
  }
  await expect(picker).toBeHidden();
}

test("recover the booking, cancel one room: the new total on the voucher, the room back on sale", async ({
  page,
  request,
  axe,
  capture,
}, testInfo) => {
  test.setTimeout(240_000);
  const look = async (screen: string) => {
    await capture(screen);
    await axe(screen);
  };
  const stay = await findOpenStay(request, stayFor(testInfo, 80, 2));
  const room = "Classic double room";
  const { code, email } = await book(request, testInfo, {
    stay,
    room,
    rate: "Room only – flexible",
    rooms: 2,
    method: "pay_at_hotel",
    who: "cancel",
  });
  const onSale = (await availRoom(request, stay, room)).count;

  // Recover: the header's "My booking", a wrong e-mail first (the one "check details" answer), then the right one.
  await page.goto(`${HOTEL}/rooms?arrival=${stay.arrival}&departure=${stay.departure}`);
  await page.getByRole("link", { name: "My booking" }).click();
  await expect(page).toHaveURL(/\/recover$/);
  await expect(page.getByRole("heading", { level: 1, name: "Find my reservation" })).toBeVisible();
  await page.getByRole("button", { name: "Find my reservation" }).click();
  await expect(page.getByText("Required value").first()).toBeVisible();
  await look("recover with missing values");
  await page.getByLabel("Reservation code", { exact: true }).fill(code.toLowerCase());
  await page.getByLabel("E-mail address", { exact: true }).fill(`someone.else.${Date.now()}@example.test`);
  const findIt = () => page.getByRole("button", { name: "Find my reservation" }).click();
  await findIt();
  const checkDetails =
    "We could not find a reservation with these details: please check the code and the e-mail address.";
  await whenNotRateLimited(
    page,
    page.getByRole("alert").filter({ hasText: checkDetails }),
    page.getByRole("alert").filter({ hasText: "Too many attempts" }),
    findIt,
  );
  await look("recover check details");
  await page.getByLabel("E-mail address", { exact: true }).fill(email);
  await findIt();
  await whenNotRateLimited(
    page,
    page.getByText(code),
    page.getByRole("alert").filter({ hasText: "Too many attempts" }),
    findIt,
  );
  await page.waitForURL(/\/voucher\/code\//);
  const totals = page.getByRole("region", { name: "Totals" });
  // retrieve.do is rate limited per address (10 a minute): the test reads the totals on the voucher, not the API.
  const totalsBefore = await totals.textContent();
  // City tax (2,50 a night per adult at hotel 1): two rooms of two adults for two nights.
  const cityTax = totals
    .getByRole("term")
    .filter({ hasText: "City tax" })
    .locator("xpath=following-sibling::dd[1]");
  await expect(cityTax).toHaveText(/^20,00\sEUR$/);
  await look("voucher with actions");

  // Cancel room 2: the preview says it is free and gives the new total; confirm.
  await page.getByRole("button", { name: "Cancel room 2" }).click();
  const dialog = page.getByRole("dialog", { name: /^Cancel room 2/ });
  await expect(dialog.getByText("Cancellation is free.")).toBeVisible();
  const newTotal = (await dialog.getByRole("definition").nth(2).textContent())?.trim() ?? "";
  expect(newTotal).not.toBe("");
  await look("cancel room preview");
  await dialog.getByRole("button", { name: "Cancel this room" }).click();
  await expect(dialog).toBeHidden();

  const panel = page.getByRole("region", { name: "Manage your booking" });
  await expect(panel.getByRole("status")).toContainText(`Room 2 is cancelled. New total: ${newTotal}.`);
  await expect(page.getByRole("article", { name: /^Room 2:/ })).toContainText("Cancelled");
  await expect(totals).toContainText(newTotal);
  expect(await totals.textContent()).not.toBe(totalsBefore);
  // The cancelled room's guests pay no city tax any more.
  await expect(cityTax).toHaveText(/^10,00\sEUR$/);
  await expect(page.getByRole("button", { name: "Cancel room 1" })).toHaveCount(0);
  await look("voucher after cancelling a room");

  // The room is on sale again.
  expect((await availRoom(request, stay, room)).count).toBe(onSale + 1);
});

test("swap the dates of the stay with the already debited / was / becomes preview", async ({
  page,
  request,
  axe,
  capture,
}, testInfo) => {
  test.setTimeout(240_000);
  const look = async (screen: string) => {
    await capture(screen);
    await axe(screen);
  };
  const stay = await findOpenStay(request, stayFor(testInfo, 100, 2, 3));
  const { code, email } = await book(request, testInfo, {
    stay,
    room: "Classic double room",
    rate: "Room only – flexible",
    rooms: 1,
    method: "pay_at_hotel",
    who: "swap",
  });
  await page.goto(voucherPath(code, email));
  await expectVoucher(page, code);

  await page.getByRole("button", { name: "Change dates" }).click();
  const dialog = page.getByRole("dialog", { name: "Change the dates of your stay" });
  await expect(dialog).toBeVisible();
  await look("change dates dialog");
  const moved = { arrival: addDays(stay.arrival, 1), departure: addDays(stay.departure, 2) };
  await pickDates(page, dialog, moved);
  await dialog.getByRole("button", { name: "Check availability and price" }).click();
  await expect(dialog.getByText("Already debited")).toBeVisible();
  for (const term of ["Was", "Becomes", "Difference"])
    await expect(dialog.getByText(term, { exact: true })).toBeVisible();
  await look("change dates preview");
  await dialog.getByRole("button", { name: "Confirm the change" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("region", { name: "Manage your booking" }).getByRole("status")).toContainText(
    "Your dates are changed.",
  );
  const stayRegion = page.getByRole("region", { name: "Your stay" });
  await expect(stayRegion).toContainText("3 nights");
  await look("voucher after the date change");
});

test("pay now on a bank-transfer booking with a 3-D Secure card", async ({
  page,
  request,
  axe,
  capture,
}, testInfo) => {
  test.setTimeout(240_000);
  const look = async (screen: string) => {
    await capture(screen);
    await axe(screen);
  };
  const stay = await findOpenStay(request, stayFor(testInfo, 120, 3));
  const { code, email } = await book(request, testInfo, {
    stay,
    room: "Classic double room",
    rate: "Full board – bank transfer",
    rooms: 1,
    method: "bank_transfer",
    who: "paynow",
  });
  await page.goto(voucherPath(code, email));
  await expectVoucher(page, code);
  await expect(page.getByRole("region", { name: "Payment" })).toContainText("Bank transfer details");

  await page.getByRole("button", { name: /^Pay .* now$/ }).click();
  const dialog = page.getByRole("dialog", { name: "Pay now" });
  await expect(dialog).toBeVisible();
  const frame = page.frameLocator(`iframe[title="${CARD_FRAME}"]`);
  await frame.getByLabel("Card number").fill("4000000000003220");
  await frame.getByLabel("Expiry (MM/YYYY)").fill("12/2031");
  await frame.getByLabel("Card holder").fill("Marta Verdi");
  await frame.getByLabel("CVV").fill("123");
  await frame.getByRole("button", { name: "Save card" }).click();
  await expect(dialog.getByText("Card ending 3220 ready.")).toBeVisible();
  await look("pay now dialog");
  await dialog.getByRole("button", { name: /^Pay / }).click();

  // The bank's challenge on the gateway's page, then the 3-D Secure return asks the server and opens the voucher.
  await expect(page.getByRole("heading", { name: "3-D Secure check" })).toBeVisible({ timeout: 20_000 });
  await look("gateway 3-D Secure challenge");
  await page.getByRole("button", { name: "Confirm payment" }).click();
  await page.waitForURL(/\/voucher\/code\//, { timeout: 30_000 });
  await expectVoucher(page, code);
  await expect(page.getByText("Status: Confirmed")).toBeVisible();
  await expect(page.getByRole("cell", { name: "Paid", exact: true }).first()).toBeVisible();
  // The voucher says the payment went through, with the amounts as they now stand.
  await expect(page.getByRole("region", { name: "Manage your booking" }).getByRole("status")).toContainText(
    /^Payment received\. Thank you\. Paid so far: [\d.,]+\sEUR; still to pay: [\d.,]+\sEUR\.$/,
  );
  await look("voucher after paying now");

  // Cancelled free: what was paid from the voucher goes back to that card, not to the hotel to refund by hand.
  await page.getByRole("button", { name: "Cancel the reservation" }).click();
  const cancel = page.getByRole("dialog", { name: "Cancel the reservation" });
  await expect(cancel.getByText("Cancellation is free.")).toBeVisible();
  await cancel.getByRole("button", { name: "Cancel the reservation" }).click();
  await expect(page.getByRole("region", { name: "Manage your booking" }).getByRole("status")).toContainText(
    "Your reservation is cancelled.",
  );
  await expect(page.getByRole("region", { name: "Payment" })).toContainText("Refund: done");
  await expect(page.getByRole("region", { name: "Payment" })).not.toContainText("made by the hotel");
});

test("edit the transfer details, then add a service with its preview", async ({
  page,
  request,
  axe,
  capture,
}, testInfo) => {
  test.setTimeout(240_000);
  const look = async (screen: string) => {
    await capture(screen);
    await axe(screen);
  };
  const stay = await findOpenStay(request, stayFor(testInfo, 140, 2));
  const transfer = "Private transfer from Verona Villafranca airport";
  const { code, email } = await book(request, testInfo, {
    stay,
    room: "Classic double room",
    rate: "Room only – flexible",
    rooms: 1,
    method: "pay_at_hotel",
    who: "transfer",
    // Demo hotel 1's airport transfer (service 110), on the arrival day.
    services: [
      {
        serviceId: 110,
        slot: 0,
        quantity: 1,
        date: stay.arrival,
        timeSlot: "08:00",
        transfer: { time: "09:30" },
      },
    ],
  });
  await page.goto(voucherPath(code, email));
  await expectVoucher(page, code);

  await page.getByRole("button", { name: `Edit transfer details: ${transfer}` }).click();
  const dialog = page.getByRole("dialog", { name: `Transfer details: ${transfer}` });
  await dialog.getByLabel("Flight, train or boat number").fill("FR 4321");
  await dialog.getByLabel("Place code (airport, station or port)").fill("VRN");
  await dialog.getByLabel("Arrival time").fill("10:45");
  await look("transfer details dialog");
  await dialog.getByRole("button", { name: "Save the details" }).click();
  await expect(dialog).toBeHidden();
  const room = page.getByRole("article", { name: /^Room 1:/ });
  await expect(room).toContainText("FR 4321");
  await expect(room).toContainText("10:45");

  await page.getByRole("button", { name: "Add services" }).click();
  const services = page.getByRole("dialog", { name: "Add services" });
  await services.getByRole("checkbox", { name: "Spa access" }).check();
  await look("add services dialog");
  await services.getByRole("button", { name: "See the new price" }).click();
  await expect(services.getByText("Becomes", { exact: true })).toBeVisible();
  await look("add services preview");
  await services.getByRole("button", { name: "Add to my booking" }).click();
  await expect(services).toBeHidden();
  await expect(page.getByRole("region", { name: "Manage your booking" }).getByRole("status")).toContainText(
    "The services are added.",
  );
  await expect(room).toContainText("Spa access");
  await look("voucher after adding a service");
});

test("request a quote of the chosen room from the search bar", async ({
  page,
  request,
  axe,
  capture,
}, testInfo) => {
  test.setTimeout(90_000);
  const look = async (screen: string) => {
    await capture(screen);
    await axe(screen);
  };
  const stay = await findOpenStay(request, stayFor(testInfo, 160, 2));
  const room = "Classic double room";
  const rate = "Room only – flexible";
  await page.goto(`${HOTEL}/rooms?arrival=${stay.arrival}&departure=${stay.departure}&adults=2`);
  await answerCookies(page);
  const card = page
    .getByRole("article")
    .filter({ has: page.getByRole("heading", { level: 3, name: room, exact: true }) })
    .first();
  const showAll = card.getByRole("button", { name: /^Show all \d+ rates/ });
  if (await showAll.isVisible()) await showAll.click();
  await card
    .getByRole("article", { name: rate, exact: true })
    .first()
    .getByRole("button", { name: /^Select/ })
    .click();
  await expect(
    page.getByRole("region", { name: "Your selection" }).getByText("All rooms are chosen."),
  ).toBeVisible();

  await page.getByRole("button", { name: "Request a quote" }).click();
  const dialog = page.getByRole("dialog", { name: "Request a quote" });
  await dialog.getByRole("button", { name: "Send the request" }).click();
  await expect(dialog.getByText("Required value").first()).toBeVisible();
  await look("quote form with missing values");
  const email = `quote.${testInfo.project.name}.${Date.now()}@example.test`;
  await dialog.getByLabel(/^Full name/).fill("Paolo Neri");
  await dialog.getByLabel(/^E-mail/).fill(email);
  await dialog.getByLabel(/^Confirm your e-mail/).fill(email);
  await dialog.getByLabel(/^I have read the privacy policy/).check();
  await dialog.getByRole("button", { name: "Send the request" }).click();
  // The quote prices the chosen room and rate: the total comes back with the confirmation.
  await expect(dialog.getByRole("status")).toContainText(`the hotel will reply to ${email}`);
  await expect(dialog.getByRole("status")).toContainText("Quoted total:");
  await look("quote sent");
});

test("put a room up for resale: a second guest books the night, the voucher shows the refund", async ({
  page,
  request,
  axe,
}, testInfo) => {
  const stay = await findOpenStay(request, stayFor(testInfo, 215, 1));
  const { code, email } = await book(request, testInfo, {
    stay,
    room: "Classic double room",
    rate: "Non-refundable – no changes",
    rooms: 1,
    method: "bank_transfer",
    who: "resale",
  });
  await page.goto(voucherPath(code, email));
  await expectVoucher(page, code);
  const resale = page.getByRole("region", { name: "Resale of room 1" });
  await expect(resale).toContainText("If nobody does, nothing changes.");
  await resale.getByRole("button", { name: "Put room 1 up for resale" }).click();
  await expect(page.getByText("Room 1 is up for resale.")).toBeVisible();
  await expect(resale).toContainText("Up for resale until");
  await axe("voucher resale listed");
  // Taken back before any night sold, then offered again.
  await resale.getByRole("button", { name: "Withdraw room 1 from resale" }).click();
  await expect(page.getByText("Room 1 is no longer up for resale.")).toBeVisible();
  await resale.getByRole("button", { name: "Put room 1 up for resale" }).click();
  await expect(page.getByText("Room 1 is up for resale.")).toBeVisible();

  // Another guest books the night: it is sold from the resale stock first.
  await book(request, testInfo, {
    stay,
    room: "Classic double room",
    rate: "Non-refundable – no changes",
    rooms: 1,
    method: "bank_transfer",
    who: "resale-buyer",
  });
  await page.reload();
  await expectVoucher(page, code);
  await expect(resale).toContainText("Nights resold");
  await expect(resale).toContainText("Your refund");
  await expect(resale).not.toContainText("None yet");
});
