import type { Locator } from "@playwright/test";
import sharp from "sharp";
import { signInAsDemoOwner } from "./backoffice";
import { expect, test } from "./fixtures";
import { findOpenStay } from "./stays";

// The catalogue's hotel, room types and rate plans on demo hotel 1, as a hotel owner uses them: rename a
// room type in two languages, add a photo, change a rate plan's free cancellation; the guest's room list shows the
// new name at once. axe on each screen, desktop and mobile.

const CATALOGUE = "/admin/hotel/1/catalogue";
/** How far a table's wrapper and the page scroll sideways: [0, 0] at every width (a phone's: each row a card). */
const sideways = (table: Locator) =>
  table.evaluate((el) => [
    (el.parentElement as HTMLElement).scrollWidth - (el.parentElement as HTMLElement).clientWidth,
    document.documentElement.scrollWidth - document.documentElement.clientWidth,
  ]);
/** A real PNG photo, made here. */
const aPng = () =>
  sharp({ create: { width: 640, height: 480, channels: 3, background: "#2f7fa8" } })
    .png()
    .toBuffer();

test("the owner edits a room type, its photos and a rate plan; the guest sees the new name", async ({
  page,
  browser,
  axe,
  capture,
}, testInfo) => {
  // A long journey over five screens, each checked by axe and photographed: more than the default minute.
  test.setTimeout(240_000);
  const tag = `${testInfo.project.name}-${Date.now().toString(36)}`;
  const english = `Lake suite ${tag}`;
  const italian = `Suite lago ${tag}`;

  await signInAsDemoOwner(page, `${CATALOGUE}/hotel`);
  await expect(page.getByRole("form", { name: "Hotel details" })).toBeVisible();
  await expect(page.getByLabel("Hotel name")).toHaveValue("Hotel Bellavista Riva");
  // The hotel's own mails are in the language chosen here (English until the owner picks another).
  await expect(page.getByLabel("Language of the hotel's e-mails")).toHaveValue("en");
  await axe("catalogue hotel");
  await capture("catalogue hotel");
  await page.getByLabel("Phone").fill("+39 0464 555 011");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();

  // Room types: the list, then the first room type's form.
  await page
    .getByRole("navigation", { name: "Catalogue sections" })
    .getByRole("link", { name: "Room types" })
    .click();
  const rooms = page.getByRole("table");
  await expect(rooms.getByRole("row").nth(1)).toBeVisible();
  expect(await sideways(rooms)).toEqual([0, 0]);
  await axe("catalogue room types");
  await capture("catalogue room types");
  // The classic double room (code DBL): the guest search for two adults shows it.
  await rooms
    .getByRole("row")
    .filter({ has: page.getByRole("rowheader", { name: "DBL", exact: true }) })
    .getByRole("link")
    .click();
  await expect(page.getByRole("heading", { level: 2, name: /^Room type / })).toBeVisible();

  const names = page.getByRole("group", { name: "Name" });
  await names.getByLabel("English").fill(english);
  await names.getByText(/^Other languages/).click();
  await names.getByLabel("Italiano").fill(italian);
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();

  // A photo: uploaded, shown as a thumbnail, and movable.
  const photos = page.getByRole("region", { name: "Photos" });
  const before = await photos.getByRole("listitem").count();
  await photos
    .getByLabel("Add a photo")
    .setInputFiles({ name: "room.png", mimeType: "image/png", buffer: await aPng() });
  await expect(photos.getByRole("status")).toHaveText("Photo added.");
  await expect(photos.getByRole("listitem")).toHaveCount(before + 1);
  await expect(photos.getByRole("img", { name: `Photo ${before + 1}` })).toBeVisible();
  if (before > 0) {
    await photos.getByRole("button", { name: `Move photo ${before + 1} left` }).click();
    await expect(photos.getByRole("status")).toHaveText("Photo order saved.");
  }
  await axe("catalogue room type form");
  await capture("catalogue room type form");

  // Rate plans: change the first refundable plan's free cancellation days.
  await page
    .getByRole("navigation", { name: "Catalogue sections" })
    .getByRole("link", { name: "Rate plans" })
    .click();
  const plans = page.getByRole("table");
  await expect(plans.getByRole("row").nth(1)).toBeVisible();
  expect(await sideways(plans)).toEqual([0, 0]);
  await axe("catalogue rate plans");
  await capture("catalogue rate plans");
  await plans.getByRole("row").filter({ hasText: "Free until" }).first().getByRole("link").click();
  const days = page.getByLabel("Free cancellation until (days before arrival)");
  await days.fill("5");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();
  await axe("catalogue rate plan form");
  await capture("catalogue rate plan form");
  await page.getByRole("link", { name: "Rate plans" }).click();
  await expect(page.getByRole("table").getByText("Free until 5 day(s) before arrival").first()).toBeVisible();

  // The guest's room list shows the new name at once, in English and Italian.
  const stay = await findOpenStay(page.request, { from: 20, within: 40, nights: 2 });
  const origin = new URL(page.url()).origin;
  const guest = await browser.newContext({ baseURL: origin });
  const guestPage = await guest.newPage();
  await guestPage.goto(
    `/hotel/1/channel/1/language/1/rooms?arrival=${stay.arrival}&departure=${stay.departure}&adults=2`,
  );
  await expect(guestPage.getByRole("heading", { level: 3, name: english })).toBeVisible();
  await guestPage.goto(
    `/hotel/1/channel/1/language/2/rooms?arrival=${stay.arrival}&departure=${stay.departure}&adults=2`,
  );
  await expect(guestPage.getByRole("heading", { level: 3, name: italian })).toBeVisible();
  await guest.close();
});
