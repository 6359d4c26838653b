import type { APIRequestContext, TestInfo } from "@playwright/test";
import { signInAsDemoOwner } from "./backoffice";
import { expect, test } from "./fixtures";
import { findOpenStay } from "./stays";

// The back office's reservations: a booking the guest made shows up in the list, the owner opens it,
// writes a note for the guest and records the bank transfer that arrived. Demo hotel 1, channel 1; each project
// books its own stay, in a part of the calendar no other spec uses.

type AvailRoom = { id: number; name: string; rates: { id: number; name: string; payment: string }[] };

type Rate = AvailRoom["rates"][number];

/**
 * Books demo hotel 1's bank-transfer rate (30% due within days of booking) through guestdata.do, as a guest does,
 * paying by bank transfer; `pick` chooses another rate paid that way (from `from` days on).
 */
async function bookByTransfer(
  request: APIRequestContext,
  testInfo: TestInfo,
  pick: (rate: Rate) => boolean = (rate) => rate.payment === "bank_transfer",
  from = 260,
  payment: Record<string, unknown> = { method: "bank_transfer" },
) {
  const stay = await findOpenStay(request, {
    from: from + (testInfo.project.name.endsWith("mobile") ? 10 : 0),
    within: 60,
    nights: 3,
    accept: async ({ arrival, departure }, req) => {
      const res = await req.get(
        `/api/avail.do?hotel=1&channel=1&language=1&arrival=${arrival}&departure=${departure}&adults=2`,
      );
      if (!res.ok()) return false;
      const rooms = ((await res.json()) as { availability: AvailRoom[][] }).availability.flat();
      return rooms.some((r) => r.rates.some(pick));
    },
  });
  const res = await request.get(
    `/api/avail.do?hotel=1&channel=1&language=1&arrival=${stay.arrival}&departure=${stay.departure}&adults=2`,
  );
  const rooms = ((await res.json()) as { availability: AvailRoom[][] }).availability.flat();
  const room = rooms.find((r) => r.rates.some(pick))!;
  const rate = room.rates.find(pick)!;
  const email = `bo.${testInfo.project.name}.${Date.now()}@example.test`;
  const response = await request.post("/api/guestdata.do", {
    headers: { "Idempotency-Key": `e2e-bo-res-${testInfo.project.name}-${Date.now()}` },
    data: {
      method: "confirm",
      hotel: 1,
      channel: 1,
      language: 1,
      arrival: stay.arrival,
      departure: stay.departure,
      rooms: [{ slot: 0, roomId: room.id, rateId: rate.id, adults: 2, ages: [], refundProtection: false }],
      booker: {
        fullname: "Lucia Ferri",
        email,
        emailConfirm: email,
        phone: { dialCode: "+39", number: "3331234567" },
        country: "IT",
      },
      privacy: { marketing: false, report: false, profile: false, custom: [{ id: 101, accepted: true }] },
      terms: { cancellationPolicy: true, generalTerms: true, dataProcessing: true },
      // Demo hotel 1's mandatory category (travel insurance): its free basic cover.
      services: [{ serviceId: 101, slot: null, quantity: 1 }],
      payment,
      // The guest came from a trivago click and a newsletter: the page shows it as the source.
      tracking: { trivago: "trv-e2e-bo", campaign: "newsletter / email / spring" },
    },
  });
  expect(response.status(), await response.text()).toBe(200);
  const answer = (await response.json()) as { reservation: { code: string; status: string } };
  expect(answer.reservation.status).toBe("confirmed");
  return { code: answer.reservation.code, email };
}

/**
 * Books demo hotel 2's rate "On request – confirmed by the hotel" (paid at the hotel, held as an option for 24 hours
 * until the hotel confirms it) through guestdata.do, as a guest does. No other spec books hotel 2.
 */
async function bookAnOption(request: APIRequestContext, testInfo: TestInfo) {
  const isOption = (rate: { name: string }) => rate.name.startsWith("On request");
  const search = (arrival: string, departure: string) =>
    request.get(
      `/api/avail.do?hotel=2&channel=1&language=1&arrival=${arrival}&departure=${departure}&adults=2`,
    );
  const stay = await findOpenStay(request, {
    hotel: 2,
    from: 40 + (testInfo.project.name.endsWith("mobile") ? 20 : 0),
    within: 60,
    nights: 2,
    accept: async ({ arrival, departure }) => {
      const res = await search(arrival, departure);
      if (!res.ok()) return false;
      const rooms = ((await res.json()) as { availability: AvailRoom[][] }).availability.flat();
      return rooms.some((r) => r.rates.some(isOption));
    },
  });
  const rooms = (
    (await (await search(stay.arrival, stay.departure)).json()) as {
      availability: AvailRoom[][];
    }
  ).availability.flat();
  const room = rooms.find((r) => r.rates.some(isOption))!;
  const rate = room.rates.find(isOption)!;
  const email = `bo.option.${testInfo.project.name}.${Date.now()}@example.test`;
  const response = await request.post("/api/guestdata.do", {
    headers: { "Idempotency-Key": `e2e-bo-option-${testInfo.project.name}-${Date.now()}` },
    data: {
      method: "confirm",
      hotel: 2,
      channel: 1,
      language: 1,
      arrival: stay.arrival,
      departure: stay.departure,
      rooms: [
        {
          slot: 0,
          roomId: room.id,
          rateId: rate.id,
          adults: 2,
          ages: [],
          refundProtection: false,
          // Hotel 2 asks for every guest's name.
          guests: [
            { type: "adult", firstName: "Marco", lastName: "Galli" },
            { type: "adult", firstName: "Sara", lastName: "Galli" },
          ],
        },
      ],
      booker: {
        fullname: "Marco Galli",
        email,
        emailConfirm: email,
        phone: { dialCode: "+39", number: "3337654321" },
        country: "IT",
      },
      privacy: { marketing: false, report: false, profile: false, custom: [{ id: 201, accepted: true }] },
      terms: { cancellationPolicy: true, generalTerms: true, dataProcessing: true },
      // Demo hotel 2's mandatory category (travel insurance): its free basic cover.
      services: [{ serviceId: 201, slot: null, quantity: 1 }],
      payment: { method: "pay_at_hotel" },
    },
  });
  expect(response.status(), await response.text()).toBe(200);
  const answer = (await response.json()) as { reservation: { code: string; status: string } };
  expect(answer.reservation.status).toBe("pending_confirmation");
  return answer.reservation.code;
}

test("an option waits in the list; the owner confirms it", async ({ page, request, axe }, testInfo) => {
  const code = await bookAnOption(request, testInfo);
  await signInAsDemoOwner(page, `/admin/hotel/2/reservations?code=${code}`);
  // Paid at the hotel: the list and the page say so, not "still due 0".
  await expect(page.getByRole("row", { name: new RegExp(code) })).toContainText("at the hotel");
  await page.getByRole("link", { name: code }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Reservation ${code}` })).toBeVisible();
  await expect(page.getByText("Payable at the hotel", { exact: true })).toBeVisible();
  await expect(page.getByText("Still due", { exact: true })).toHaveCount(0);
  await page.getByRole("button", { name: "Confirm the option" }).click();
  const dialog = page.getByRole("dialog", { name: "Confirm the option" });
  await expect(dialog).toBeVisible();
  await axe("confirm option dialog");
  await dialog.getByRole("button", { name: "Confirm", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: "The option is confirmed." })).toBeVisible();
  await expect(page.getByRole("button", { name: "Confirm the option" })).toHaveCount(0);
  await expect(page.getByRole("list").filter({ hasText: "Option confirmed" })).toBeVisible();
});

test("a guest's booking shows in the list; the owner opens it, writes a note and records the transfer", async ({
  page,
  request,
  axe,
  capture,
}, testInfo) => {
  const { code, email } = await bookByTransfer(request, testInfo);

  await signInAsDemoOwner(page, "/admin/hotel/1/reservations");
  await expect(page.getByRole("heading", { level: 1, name: "Reservations" })).toBeVisible();
  // Nothing scrolls sideways: every column fits at 1280 px, and at 390 px each row is a card; first with every
  // booking listed (the demo's agency bookings carry the longest "paid / due" lines), then with one.
  const table = page.getByRole("table", { name: "Reservations matching the filters" });
  const overflow = () =>
    table.evaluate((el) => {
      const wrap = el.parentElement as HTMLElement;
      return [wrap.scrollWidth - wrap.clientWidth, document.documentElement.scrollWidth - window.innerWidth];
    });
  await expect(table.getByText(/at the hotel/).first()).toBeVisible();
  expect(await overflow()).toEqual([0, 0]);
  // The filters fold away on a phone: open them there.
  const toggle = page.getByRole("button", { name: "Filters", exact: true });
  if ((await toggle.getAttribute("aria-expanded")) === "false") await toggle.click();
  // The first characters of the code, as a guest reads them out, find it.
  const start = code.slice(0, 8).toLowerCase();
  await page.getByLabel("Code").fill(start);
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(new RegExp(`code=${start}`));
  await expect(page.getByRole("status").filter({ hasText: "1 reservation" })).toBeVisible();
  const link = page.getByRole("link", { name: code });
  await expect(link).toBeVisible();
  await expect(page.getByRole("row", { name: new RegExp(code) })).toContainText("Lucia Ferri");
  expect(await overflow()).toEqual([0, 0]);
  await axe("reservations list");
  await capture("reservations list");

  await link.click();
  await expect(page.getByRole("heading", { level: 1, name: `Reservation ${code}` })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Payments" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "History" })).toBeVisible();
  await expect(page.getByText("trivago: trv-e2e-bo")).toBeVisible();
  await expect(page.getByText("Campaign: newsletter / email / spring")).toBeVisible();
  await axe("reservation detail");
  await capture("reservation detail");

  // A note for the guest, shown on the voucher.
  const note = `Parking space 12 is yours (${testInfo.project.name}).`;
  await page.getByLabel("Note from the hotel (shown on the voucher)").fill(note);
  await page.getByRole("button", { name: "Save the note" }).click();
  await expect(page.getByRole("status").filter({ hasText: "The note is saved." })).toBeVisible();
  const voucher = await request.post("/api/retrieve.do", { data: { channel: 1, code, mail: email } });
  expect(voucher.ok()).toBe(true);
  expect(((await voucher.json()) as { notes: { property: string | null } }).notes.property).toBe(note);

  // The transfer for what is due arrives: the form offers the amount due; recording it settles the due row.
  await page.getByRole("button", { name: "Record a bank transfer" }).click();
  const form = page.getByRole("form", { name: "Record a bank transfer" });
  await expect(form.getByLabel(/Amount received/)).not.toHaveValue("");
  await axe("record transfer form");
  await form.getByRole("button", { name: "Record the transfer" }).click();
  await expect(page.getByRole("status").filter({ hasText: "The transfer is recorded." })).toBeVisible();
  await expect(page.getByRole("table", { name: "Transactions" })).toContainText("Bank transfer");
  await expect(page.getByRole("list").filter({ hasText: "Bank transfer received" })).toBeVisible();
  // Times are hotel time, labelled: the transfer counts from the start of the hotel's day, not the evening before.
  await expect(page.getByText(/^Times in .+ \(hotel time\)$/)).toBeVisible();
  await expect(page.getByRole("table", { name: "Payment schedule" })).toContainText("00:00");
  await capture("reservation after transfer");

  // The cancel dialog: a preview first, nothing changes until confirmed; Escape closes it.
  await page.getByRole("button", { name: "Cancel for the guest" }).click();
  const dialog = page.getByRole("dialog", { name: "Cancel for the guest" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Show the cost" }).click();
  await expect(dialog.getByText("New total")).toBeVisible();
  await axe("cancel dialog");
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
});

test("the hotel cancels a non-refundable booking the guest may not, and sees its penalty still due", async ({
  page,
  request,
  axe,
}, testInfo) => {
  // The resellable non-refundable rate, unpaid (a transfer that has not arrived): the guest cannot cancel it.
  const { code } = await bookByTransfer(
    request,
    testInfo,
    (rate) => rate.name.startsWith("Non-refundable – no changes"),
    300,
  );
  await signInAsDemoOwner(page, `/admin/hotel/1/reservations?code=${code}`);
  await page.getByRole("link", { name: code }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Reservation ${code}` })).toBeVisible();
  const fact = (label: string) => page.getByRole("term").filter({ hasText: label }).locator("+ dd");

  await page.getByRole("button", { name: "Cancel for the guest" }).click();
  const dialog = page.getByRole("dialog", { name: "Cancel for the guest" });
  await dialog.getByRole("button", { name: "Show the cost" }).click();
  // The whole room is the penalty (its extras go), owed in full; the hotel may waive it, here it does not.
  await expect(dialog.getByRole("checkbox", { name: /Waive the penalty/ })).toBeVisible();
  const penalty = dialog.getByRole("term").filter({ hasText: "Penalty" }).locator("+ dd");
  await expect(penalty).toHaveText(/\d/);
  const amount = (await penalty.textContent())?.trim() ?? "";
  await expect(dialog.getByRole("term").filter({ hasText: "Still owed" }).locator("+ dd")).toHaveText(amount);
  await axe("cancel dialog with a penalty");
  await dialog.getByRole("button", { name: "Cancel the reservation" }).click();
  await expect(page.getByRole("status").filter({ hasText: "The cancellation is done." })).toBeVisible();
  await expect(fact("Still due")).toHaveText(amount);
  await expect(fact("Total").first()).toHaveText(amount);
});

/** A card saved on the sandbox gateway's card page, as the checkout's frame answers it (its token). */
async function sandboxCard(request: APIRequestContext, number = "4242424242424242") {
  const res = await request.post("/sandbox-gateway/card", {
    form: { number, expiry: "12/2031", holder: "Lucia Ferri", cvv: "123", return: "/" },
  });
  const m = /data-token="([^"]+)" data-last4="(\d{4})"/.exec(await res.text());
  expect(m, "the sandbox saved the card").not.toBeNull();
  return { cardToken: m![1], cardLast4: m![2] };
}

test("the hotel captures part of a pre-authorisation and charges a card guarantee for a no-show", async ({
  page,
  request,
  axe,
}, testInfo) => {
  const held = await bookByTransfer(request, testInfo, (rate) => rate.payment === "pre_authorisation", 340, {
    method: "pre_authorisation",
    ...(await sandboxCard(request)),
  });
  const guaranteed = await bookByTransfer(
    request,
    testInfo,
    (rate) => rate.payment === "card_guarantee",
    340,
    {
      method: "card_guarantee",
      ...(await sandboxCard(request)),
    },
  );
  const fact = (label: string) => page.getByRole("term").filter({ hasText: label }).locator("+ dd");

  await signInAsDemoOwner(page, `/admin/hotel/1/reservations?code=${held.code}`);
  await page.getByRole("link", { name: held.code }).click();
  await page.getByRole("button", { name: "Capture the pre-authorisation" }).click();
  const capture = page.getByRole("dialog", { name: "Capture the pre-authorisation" });
  await capture.getByLabel("Amount to capture (EUR)").fill("10");
  await axe("capture dialog");
  await capture.getByRole("button", { name: "Capture", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: "captured." })).toBeVisible();
  await expect(fact("Paid")).toHaveText(/10[.,]00/);
  await expect(page.getByRole("button", { name: "Capture the pre-authorisation" })).toHaveCount(0);
  await expect(page.getByText("Pre-authorisation captured")).toBeVisible();

  await page.goto(`/admin/hotel/1/reservations?code=${guaranteed.code}`);
  await page.getByRole("link", { name: guaranteed.code }).click();
  await page.getByRole("button", { name: "Charge the card guarantee" }).click();
  const charge = page.getByRole("dialog", { name: "Charge the card guarantee" });
  await expect(charge.getByText("No-show")).toBeVisible();
  // What the rate charges for a no-show, ready to confirm.
  await expect(charge.getByLabel("Amount to charge (EUR)")).toHaveValue(/\d/);
  await charge.getByRole("button", { name: "Charge the card" }).click();
  await expect(page.getByRole("status").filter({ hasText: "The card is charged" })).toBeVisible();
  await expect(page.getByText("Card guarantee charged")).toBeVisible();
  // Nothing sideways at a phone's width: every action stays in reach.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
