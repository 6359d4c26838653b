import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { TestInfo } from "@playwright/test";
import { signInAsDemoOwner } from "./backoffice";
import { answerCookies } from "./consent";
import { expect, test } from "./fixtures";
import type { DeliveredMail } from "./mail";
import { findOpenStay } from "./stays";

// Quotes in the back office: a guest asks for a quote on the rooms page, the owner completes it with a
// price and sends it, the guest opens the link of the mail in another browser and sees the stay at that price.
const HOTEL = "/hotel/1/channel/1/language/1";
const offsetFor = (testInfo: TestInfo, base: number) =>
  base + (testInfo.project.name.endsWith("mobile") ? 9 : 0);

/** The mails the test SMTP server received for an address whose subject matches. */
async function mailTo(address: string, subject: RegExp): Promise<DeliveredMail> {
  let found: DeliveredMail | undefined;
  await expect
    .poll(
      () => {
        const dir = join(process.env.ALLOGGIO_E2E_DATA_DIR ?? "", "smtp-inbox");
        found = readdirSync(dir)
          .sort()
          .map((name) => JSON.parse(readFileSync(join(dir, name), "utf8")) as DeliveredMail)
          .find((m) => m.envelopeTo.includes(address) && subject.test(m.subject));
        return found !== undefined;
      },
      { timeout: 30_000, message: `a mail to ${address} (${subject}) reaches the SMTP server` },
    )
    .toBe(true);
  return found!;
}

test("the hotel completes a guest's quote request and the guest opens the priced stay", async ({
  page,
  browser,
  request,
  axe,
  capture,
}, testInfo) => {
  test.setTimeout(120_000);
  const look = async (screen: string) => {
    await capture(screen);
    await axe(screen);
  };
  // The guest asks for a quote of a room on the rooms page.
  const stay = await findOpenStay(request, { from: offsetFor(testInfo, 200), within: 90, nights: 2 });
  await page.goto(`${HOTEL}/rooms?arrival=${stay.arrival}&departure=${stay.departure}&adults=2`);
  await answerCookies(page);
  const card = page
    .getByRole("article")
    .filter({ has: page.getByRole("heading", { level: 3 }) })
    .first();
  await card
    .getByRole("button", { name: /^Select/ })
    .first()
    .click();
  await expect(
    page.getByRole("region", { name: "Your selection" }).getByText("All rooms are chosen."),
  ).toBeVisible();
  await page.getByRole("button", { name: "Request a quote" }).click();
  const dialog = page.getByRole("dialog", { name: "Request a quote" });
  const email = `bo-quote.${testInfo.project.name}.${Date.now()}@example.test`;
  await dialog.getByLabel(/^Full name/).fill("Lucia Verdi");
  await dialog.getByLabel(/^E-mail/).fill(email);
  await dialog.getByLabel(/^Confirm your e-mail/).fill(email);
  await dialog.getByLabel(/^I have read the privacy policy/).check();
  await dialog.getByRole("button", { name: "Send the request" }).click();
  await expect(dialog.getByRole("status")).toContainText(`the hotel will reply to ${email}`);

  // The owner finds it in the back office.
  await signInAsDemoOwner(page, "/admin/hotel/1/quotes");
  await expect(page.getByRole("heading", { level: 1, name: "Quote requests" })).toBeVisible();
  await page.getByLabel("Status").selectOption({ label: "New" });
  await expect(page).toHaveURL(/status=new/);
  const row = page.getByRole("row").filter({ hasText: email });
  await expect(row).toBeVisible();
  await look("back office quotes list");
  await row.getByRole("link", { name: "Lucia Verdi" }).click();

  // Completes it with a price and sends it.
  await expect(page.getByRole("heading", { level: 1, name: "Quote for Lucia Verdi" })).toBeVisible();
  const form = page.getByRole("region", { name: "Complete and send the quote" });
  const price = form.getByLabel("Price for the stay (EUR)");
  await expect(price).not.toHaveValue("");
  await look("back office quote");
  // Another room type is priced again at once: the price shown is always the pick's own.
  const roomType = form.getByLabel("Room type");
  const asked = await roomType.inputValue();
  const before = await price.inputValue();
  await roomType.selectOption({ label: "Superior double, lake view" });
  await expect(price).not.toHaveValue(before);
  await roomType.selectOption(asked);
  await expect(price).toHaveValue(before);
  await price.fill("123.45");
  await form.getByLabel("Note to the guest").fill("We look forward to welcoming you.");
  await form.getByRole("button", { name: "Send the quote" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "The quote was sent to the guest." }),
  ).toBeVisible();
  const answer = page.getByRole("region", { name: "The hotel's answer" });
  await expect(answer).toContainText("€123.45");
  await look("back office quote answered");

  // The guest opens the link of the mail in a browser of their own.
  const mail = await mailTo(email, /^Your quote from /);
  const link = /https?:\/\/\S+\/reservationLink\/view\/[a-z2-7]{20}/.exec(mail.text)?.[0];
  expect(link, mail.text).toBeDefined();
  const guest = await browser.newContext();
  const guestPage = await guest.newPage();
  await guestPage.goto(new URL(link!).pathname);
  await expect(guestPage.getByRole("heading", { level: 1, name: "Your quote is ready" })).toBeVisible();
  const prepared = guestPage.getByRole("region", { name: "The stay prepared for you" });
  await expect(prepared).toContainText("We look forward to welcoming you.");
  await expect(prepared).toContainText(/123[.,]45/);
  await expect(prepared.getByRole("definition").filter({ hasText: /^2 nights$/ })).toBeVisible();
  await guest.close();

  // The link is in the catalogue's links.
  await page.goto("/admin/hotel/1/catalogue/links");
  await expect(page.getByRole("heading", { level: 2, name: "Reservation links" })).toBeVisible();
  await expect(page.getByRole("rowheader").filter({ hasText: "Your quote is ready" }).first()).toBeVisible();
  await look("back office links");
  await page.getByRole("button", { name: "New link" }).click();
  await expect(page.getByLabel("Title (English, required)")).toBeVisible();
  await look("back office new link");
});
