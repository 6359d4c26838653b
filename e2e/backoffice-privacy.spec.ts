import type { Page } from "@playwright/test";
import { signInAsDemoOwner } from "./backoffice";
import { answerCookies } from "./consent";
import { expect, test } from "./fixtures";
import { findOpenStay } from "./stays";

// The catalogue's privacy texts and channel branding in the back office. The privacy journey uses
// demo hotel 3, which no other back-office journey books (a mandatory consent added there stops no other booking);
// the branding journey changes channel 1 at desktop size and channel 2 at mobile size (the two projects run at the
// same time) and puts the colour back at the end.

const HOTEL = 3;
const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

type AvailRoom = { name: string; rates: { name: string }[] };

/** As a guest: the rooms page of a stay at the hotel → a room and its first rate → services → checkout. */
async function guestToCheckout(page: Page, stay: { arrival: string; departure: string }, room: AvailRoom) {
  await page.goto(
    `/hotel/${HOTEL}/channel/1/language/1/rooms?arrival=${stay.arrival}&departure=${stay.departure}&adults=2`,
  );
  await answerCookies(page);
  const card = page
    .getByRole("article")
    .filter({ has: page.getByRole("heading", { level: 3, name: room.name, exact: true }) })
    .first();
  await expect(card).toBeVisible();
  const showAll = card.getByRole("button", { name: /^Show all \d+ rates/ });
  if (await showAll.isVisible()) await showAll.click();
  const rate = room.rates[0]?.name ?? "";
  await card
    .getByRole("article", { name: rate, exact: true })
    .first()
    .getByRole("button", { name: /^Select/ })
    .click();
  const selection = page.getByRole("region", { name: "Your selection" });
  await expect(selection.getByText("All rooms are chosen.")).toBeVisible();
  await selection.getByRole("button", { name: "Continue" }).click();
  // The demo hotels' travel insurance is a category the guest must choose from.
  await expect(page).toHaveURL(/\/services/);
  await page.getByRole("checkbox", { name: "Basic cover (included)" }).check();
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/checkout/);
  await expect(page.getByLabel("Full name")).toBeVisible();
}

test.describe("back office: privacy texts and channel branding", () => {
  test("create a mandatory privacy text; the guest must accept it at the checkout; delete it", async ({
    page,
    browser,
    request,
    axe,
    capture,
  }, testInfo) => {
    test.setTimeout(120_000);
    await signInAsDemoOwner(page, `/admin/hotel/${HOTEL}/catalogue/privacy`);
    const list = page.getByRole("region", { name: "Privacy texts" });
    await expect(list.getByRole("table")).toBeVisible();
    await expect(page.getByRole("link", { name: "Privacy texts", exact: true })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await axe("back-office privacy texts");
    await capture("privacy texts");

    await list.getByRole("link", { name: "New privacy text" }).click();
    const form = page.getByRole("region", { name: "New privacy text" });
    const title = `Quiet hours ${unique()}`;
    const text = "I will keep quiet between 22:00 and 07:00.";
    // English is required: without it the server names the field.
    await form.getByRole("button", { name: "Save" }).click();
    await expect(page.getByRole("alert")).toContainText("Title");
    await form.getByRole("group", { name: "Title" }).getByLabel("English").fill(title);
    await form.getByRole("group", { name: "Text" }).getByLabel("English").fill(text);
    await form
      .getByRole("group", { name: "Text" })
      .getByText(/Other languages/)
      .click();
    await form
      .getByRole("group", { name: "Text" })
      .getByLabel("Italian")
      .fill("Farò silenzio dalle 22 alle 7.");
    await expect(form.getByLabel("Channel")).toHaveValue("");
    await form.getByRole("checkbox", { name: /^Mandatory/ }).check();
    await form.getByRole("button", { name: "Save" }).click();
    await expect(page.getByRole("status")).toHaveText("Saved.");
    await expect(page.getByRole("heading", { level: 2, name: `Edit ${title}` })).toBeVisible();
    await axe("back-office privacy text form");
    await capture("privacy text saved");

    // A guest (another browser) sees it at the checkout as a required checkbox.
    const stay = await findOpenStay(request, {
      from: testInfo.project.name.includes("mobile") ? 45 : 40,
      hotel: HOTEL,
      nights: 2,
    });
    const avail = await request.get(
      `/api/avail.do?hotel=${HOTEL}&channel=1&language=1&arrival=${stay.arrival}&departure=${stay.departure}&adults=2`,
    );
    expect(avail.ok()).toBe(true);
    const rooms = ((await avail.json()) as { availability: AvailRoom[][] }).availability.flat();
    const room = rooms.find((r) => r.rates.length > 0);
    expect(room, "a room with a rate for the stay").toBeDefined();
    const guest = await browser.newContext({
      baseURL: testInfo.project.use.baseURL,
      viewport: page.viewportSize(),
    });
    const guestPage = await guest.newPage();
    await guestToCheckout(guestPage, stay, room!);
    const consent = guestPage.getByRole("checkbox", { name: new RegExp(`${title}.*\\(required\\)`) });
    await expect(consent).toBeVisible();
    await expect(consent).toHaveAttribute("required", "");
    await expect(guestPage.getByText(text)).toBeVisible();
    const terms = guestPage.getByRole("region", { name: "Terms and privacy" });
    await terms.scrollIntoViewIfNeeded();
    const shot = testInfo.outputPath("guest-checkout-consents.png");
    await terms.screenshot({ path: shot });
    await testInfo.attach("guest checkout consents", { path: shot, contentType: "image/png" });
    await guest.close();

    // Deleted after a confirmation: the checkout no longer offers it.
    await page.getByRole("button", { name: "Delete" }).click();
    const confirm = page.getByRole("alertdialog");
    await expect(confirm).toContainText(`Delete ${title}?`);
    await confirm.getByRole("button", { name: "Yes, delete" }).click();
    await expect(page.getByRole("status")).toHaveText("Deleted.");
    await expect(page.getByRole("link", { name: `Edit ${title}` })).toHaveCount(0);
    const policies = await request.get(`/api/customPrivacy.do?channel=1&hotel=${HOTEL}&language=1`);
    const titles = ((await policies.json()) as { policies: { title: string }[] }).policies.map(
      (p) => p.title,
    );
    expect(titles).not.toContain(title);
  });

  test("change a channel's colours: the contrast check, the preview, the guest page", async ({
    page,
    browser,
    axe,
    capture,
  }, testInfo) => {
    test.setTimeout(90_000);
    const mobile = testInfo.project.name.includes("mobile");
    const channelId = mobile ? 2 : 1;
    const channelName = mobile ? "Alloggio Demo Hotels – trade" : "Alloggio Demo Hotels – direct";
    const colour = mobile ? "#1f5c7a" : "#7a1f5c";
    await signInAsDemoOwner(page, "/admin/hotel/1/catalogue/branding");
    await expect(page.getByRole("heading", { level: 2, name: "Channel branding" })).toBeVisible();
    const card = page.getByRole("region", { name: channelName });
    const primary = card.getByRole("textbox", { name: "Primary colour (buttons, links)", exact: true });
    await expect(primary).toBeVisible();
    await axe("back-office branding");
    await capture("branding");
    const original = await primary.inputValue();

    // A pale primary colour is refused in the field, before anything is sent.
    await primary.fill("#ffd166");
    await expect(card.getByText(/White text on this colour has a contrast of only 1\.\d:1/)).toBeVisible();
    await expect(primary).toHaveAttribute("aria-invalid", "true");
    await card.getByRole("button", { name: "Save colours" }).click();
    await expect(primary).toBeFocused();
    await expect(card.getByRole("status")).toHaveCount(0);
    await capture("branding contrast refused");

    await primary.fill(colour);
    await expect(card.getByText(/Contrast with white text: \d+\.\d:1/)).toBeVisible();
    await expect(card.locator(".bo-brand-button")).toHaveCSS("background-color", rgb(colour));
    await expect(card.locator(".bo-brand-link")).toHaveCSS("color", rgb(colour));
    await card.getByRole("button", { name: "Save colours" }).click();
    await expect(card.getByRole("status")).toHaveText(
      "Colours saved: the channel's guest pages show them now.",
    );
    await axe("back-office branding saved");

    // The guest pages of the channel take the colour.
    const guest = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
    const guestPage = await guest.newPage();
    await guestPage.goto(`/hotel/1/channel/${channelId}/language/1/rooms`);
    await expect
      .poll(() =>
        guestPage.evaluate(() =>
          getComputedStyle(document.documentElement).getPropertyValue("--color-primary").trim(),
        ),
      )
      .toBe(colour);
    await guest.close();

    // Back to the demo's colour.
    await primary.fill(original);
    await card.getByRole("button", { name: "Save colours" }).click();
    await expect(card.getByRole("status")).toBeVisible();
    await expect(primary).toHaveValue(original);
  });
});

/** `#7a1f5c` as the browser computes it: `rgb(122, 31, 92)`. */
function rgb(hex: string): string {
  const n = Number.parseInt(hex.slice(1), 16);
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
}
