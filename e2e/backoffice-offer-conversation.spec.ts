import { holdFreeBasicCover, signInAsDemoManager } from "./backoffice";
import { expect, test } from "./fixtures";
import { receivedMail } from "./mail";
import { bookOfferAndReachVoucher, fillOfferConfirmation, unlockOffer } from "./offers";
import { findOpenStay } from "./stays";

// The whole offer journey, in two browsers: the hotel writes a two-option offer in the back office and attaches a
// PDF; the recipient opens it from the mailed link, reads the PDF, asks a question in the offer's chat; the hotel
// answers from the back office; the answer reaches the open page without a reload; the recipient confirms option 2
// with a card and reaches the voucher; the hotel sees the offer confirmed, with its reservation.

const isoOf = (ymd: string) => `${ymd.slice(0, 4)}-${ymd.slice(4, 6)}-${ymd.slice(6, 8)}`;
/** The smallest file the attachment rules take for a PDF: its magic bytes decide. */
const PDF = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");

test("the hotel sends an offer, the guest asks, the hotel answers, the guest confirms option 2", async ({
  page,
  browser,
  request,
  axe,
  capture,
}, testInfo) => {
  test.setTimeout(240_000);
  const mobile = testInfo.project.name.endsWith("mobile");
  const email = `luca.${testInfo.project.name}.${Date.now()}@example.test`;
  const stay = await findOpenStay(request, { from: 120 + (mobile ? 40 : 0), nights: 2 });

  // The hotel: a two-option offer by hand.
  await signInAsDemoManager(page, "/admin/hotel/1/offers/new");
  const recipient = page.getByRole("group", { name: "Recipient" });
  await recipient.getByLabel("Name", { exact: true }).fill("Luca Conversa");
  await recipient.getByLabel("E-mail", { exact: true }).fill(email);
  await page.getByLabel("Arrival").fill(isoOf(stay.arrival));
  await page.getByLabel("Departure").fill(isoOf(stay.departure));
  await page.getByLabel("Message to the guest").fill("Two rooms we would love to offer you.");
  const option1 = page.getByRole("group", { name: "Option 1" });
  await option1.getByLabel("Title").fill("Suite");
  const room1 = option1.getByRole("group", { name: "Room 1" });
  await room1.getByLabel("Room type").selectOption({ label: "Junior suite" });
  await room1.getByLabel("Rate", { exact: true }).selectOption({ index: 1 });
  // The search's current price comes under the room: wait for it, so nothing moves under the next click.
  await expect(room1.getByText(/^Current price/)).toBeVisible();
  await room1.getByLabel(/^Price for the stay/).fill("300");
  await holdFreeBasicCover(option1);
  await page.getByRole("button", { name: "Add an option" }).click();
  const option2 = page.getByRole("group", { name: "Option 2" });
  await option2.getByLabel("Title").fill("Lake view");
  const room2 = option2.getByRole("group", { name: "Room 1" });
  await room2.getByLabel("Room type").selectOption({ label: "Superior double, lake view" });
  await room2.getByLabel("Rate", { exact: true }).selectOption({ index: 1 });
  await expect(room2.getByText(/^Current price/)).toBeVisible();
  await room2.getByLabel(/^Price for the stay/).fill("420");
  await holdFreeBasicCover(option2);
  // The booking's total: the room's 420 and the resort fee every booking of the hotel adds (2 × 6).
  await expect(option2).toContainText(/Total of option 2\s*€432\.00/);
  await page.getByRole("button", { name: "Create and send offer" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Offer for Luca Conversa" })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: `Sent to ${email}` })).toBeVisible();
  const offerPage = page.url();

  // A PDF for the guest.
  await page
    .getByLabel("Add a file")
    .setInputFiles({ name: "Lake map.pdf", mimeType: "application/pdf", buffer: PDF });
  await expect(page.getByRole("status").filter({ hasText: "Lake map.pdf added." })).toBeVisible();
  await expect(page.getByText("No messages yet.")).toBeVisible();
  await capture("back office offer with attachment");
  await axe("back office offer with attachment");

  // The guest, in a browser of their own, from the mailed link.
  const mail = await receivedMail(email);
  const link = /https?:\/\/\S+\/offer\/([0-9A-Z]{16})/.exec(mail.text);
  expect(link, "the offer link in the mail").toBeTruthy();
  const guest = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  try {
    const guestPage = await guest.newPage();
    await guestPage.goto(`/offer/${link![1]}`);
    await unlockOffer(guestPage, email, "Luca Conversa");
    const documents = guestPage.getByRole("region", { name: "Documents" });
    const download = documents.getByRole("link", { name: /Lake map\.pdf/ });
    await expect(download).toBeVisible();
    const file = await guestPage.request.get((await download.getAttribute("href"))!);
    expect(file.status()).toBe(200);
    expect(file.headers()["content-type"]).toBe("application/pdf");
    expect((await file.body()).subarray(0, 5).toString()).toBe("%PDF-");

    // A question in the offer's chat.
    await guestPage.getByRole("textbox", { name: "Your message" }).fill("Can we check in after 22:00?");
    await guestPage.getByRole("button", { name: "Send", exact: true }).click();
    const guestLog = guestPage.getByRole("log", { name: "Messages with Hotel Bellavista Riva" });
    await expect(guestLog).toContainText("Can we check in after 22:00?");

    // The hotel answers from the offer's page.
    await page.goto(offerPage);
    await page.getByRole("link", { name: "Conversation with the guest (1 unread)" }).click();
    await expect(page.getByRole("log", { name: "Messages with Luca Conversa" })).toContainText(
      "Can we check in after 22:00?",
    );
    await page.getByRole("textbox", { name: "Reply" }).fill("Of course: the night porter will welcome you.");
    await page.getByRole("button", { name: "Send reply" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Reply sent." })).toBeVisible();

    // The guest sees it without reloading, then confirms option 2.
    await expect(guestLog).toContainText("the night porter will welcome you", { timeout: 20_000 });
    await capture("offer chat answered");
    const options = guestPage.getByRole("region", { name: "Your 2 options" });
    await options.getByRole("button", { name: "Choose this option" }).nth(1).click();
    await expect(guestPage.getByRole("heading", { level: 1, name: "Confirm: Lake view" })).toBeVisible();
    await fillOfferConfirmation(guestPage, "Luca Conversa");
    const reservation = await bookOfferAndReachVoucher(guestPage);

    // The hotel sees the offer confirmed, and its reservation.
    await page.goto(offerPage);
    await expect(page.getByText("Confirmed").first()).toBeVisible();
    await page.getByRole("link", { name: "Open the reservation" }).click();
    await expect(page.getByText(reservation).first()).toBeVisible();
  } finally {
    await guest.close();
  }
});
