import type { Locator } from "@playwright/test";
import { signInAsDemoOwner } from "./backoffice";
import { expect, test } from "./fixtures";
import { findOpenStay } from "./stays";

// The catalogue's extras in the back office: promo codes, services, packages and signed price links.

const CATALOGUE = "/admin/hotel/1/catalogue";
/** How far a table's wrapper and the page scroll sideways: [0, 0] at every width (a phone's: each row a card). */
const sideways = (table: Locator) =>
  table.evaluate((el) => [
    (el.parentElement as HTMLElement).scrollWidth - (el.parentElement as HTMLElement).clientWidth,
    document.documentElement.scrollWidth - document.documentElement.clientWidth,
  ]);
const unique = () => `${Date.now().toString(36).toUpperCase()}${Math.floor(Math.random() * 1000)}`;

test.describe("back office: the catalogue's extras", () => {
  test("create a promo code, and find it in the list", async ({ page, axe, capture }) => {
    await signInAsDemoOwner(page, `${CATALOGUE}/promos`);
    const list = page.getByRole("region", { name: "Promo codes" });
    await expect(list.getByRole("table")).toBeVisible();
    expect(await sideways(list.getByRole("table"))).toEqual([0, 0]);
    await axe("back-office promo codes");
    await list.getByRole("link", { name: "New promo code" }).click();
    const form = page.getByRole("region", { name: "New promo code" });
    const code = `E2E${unique()}`;
    await form.getByRole("textbox", { name: "Code" }).fill(code);
    await form.getByRole("spinbutton", { name: "Discount (%)" }).fill("12.5");
    await form.getByLabel("Stay from").fill("2031-01-01");
    await form.getByLabel("Stay until").fill("2031-03-31");
    await form.getByRole("button", { name: "Save" }).click();
    await expect(page.getByRole("status")).toHaveText("Saved.");
    await expect(page.getByRole("heading", { level: 2, name: `Edit ${code}` })).toBeVisible();
    await axe("back-office promo code form");
    await capture("promo code saved");
    // A second code that differs only in case is refused, naming the field.
    await page.getByRole("link", { name: "Back to the list" }).click();
    await page.getByRole("link", { name: "New promo code" }).click();
    await page.getByRole("textbox", { name: "Code" }).fill(code.toLowerCase());
    await page.getByRole("spinbutton", { name: "Discount (%)" }).fill("5");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByRole("alert")).toContainText("The hotel has this promo code already.");
    await page.getByRole("link", { name: "Back to the list" }).click();
    await expect(page.getByRole("link", { name: `Edit ${code}` })).toBeVisible();
  });

  test("edit a service's price", async ({ page, axe, capture }) => {
    await signInAsDemoOwner(page, `${CATALOGUE}/services`);
    const services = page.getByRole("region", { name: "Extra services" });
    await expect(services.getByRole("table")).toBeVisible();
    await expect(page.getByRole("region", { name: "Service categories" })).toBeVisible();
    await axe("back-office services");
    await capture("services list");
    await services
      .getByRole("link", { name: /^Edit / })
      .first()
      .click();
    const price = page.getByLabel("Price (EUR)");
    await expect(price).toBeVisible();
    await price.fill("42.5");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByRole("status")).toHaveText("Saved.");
    await axe("back-office service form");
    await page.getByRole("link", { name: "Back to the list" }).click();
    await expect(page.getByRole("region", { name: "Extra services" }).getByText("€42.50")).toBeVisible();
  });

  test("the packages list is accessible", async ({ page, axe }) => {
    await signInAsDemoOwner(page, `${CATALOGUE}/packages`);
    const packages = page.getByRole("region", { name: "Packages and special offers" });
    await expect(packages.getByRole("table")).toBeVisible();
    expect(await sideways(packages.getByRole("table"))).toEqual([0, 0]);
    await axe("back-office packages");
    await packages
      .getByRole("link", { name: /^Edit / })
      .first()
      .click();
    await expect(page.getByRole("group", { name: "Rate plans" })).toBeVisible();
    await axe("back-office package form");
  });

  test("generate a price link and open it as a guest to see the price", async ({
    page,
    browser,
    request,
    axe,
    capture,
  }, testInfo) => {
    const stay = await findOpenStay(request, { from: 20, nights: 2 });
    const iso = (ymd: string) => `${ymd.slice(0, 4)}-${ymd.slice(4, 6)}-${ymd.slice(6, 8)}`;
    await signInAsDemoOwner(page, `${CATALOGUE}/overrides`);
    const form = page.getByRole("region", { name: "Price link" });
    await expect(form.getByLabel("Room type")).toBeVisible();
    await axe("back-office price link");
    const arrival = stay.arrival.includes("-") ? stay.arrival : iso(stay.arrival);
    const departure = stay.departure.includes("-") ? stay.departure : iso(stay.departure);
    await form.getByLabel("Arrival").fill(arrival);
    await form.getByLabel("Departure").fill(departure);
    // The first room type of the demo hotel is a single room.
    await form.getByLabel("Adults").fill("1");
    await form.getByLabel("Total for the stay (EUR)").fill("55");
    await form.getByRole("button", { name: "Generate the link" }).click();
    const result = page.getByRole("region", { name: "The signed link" });
    await expect(result.getByRole("status")).toHaveText("The link is ready.");
    await expect(result.getByRole("button", { name: "Copy the link" })).toBeVisible();
    await axe("back-office price link generated");
    await capture("price link");
    const url = new URL(await result.getByLabel("Signed link").inputValue());
    expect(url.searchParams.get("hpcc")).toMatch(/~55~[0-9a-f]{32}$/);

    const guest = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
    const guestPage = await guest.newPage();
    await guestPage.goto(`${url.pathname}${url.search}`);
    // The guest search prices the signed rate at 55 for the stay.
    const [, rateId] = (url.searchParams.get("hpcc") ?? "").split("~");
    const avail = await request.get(`/api/avail.do?channel=1&hotel=1&language=1&${url.search.slice(1)}`);
    expect(avail.ok()).toBe(true);
    const body = (await avail.json()) as {
      availability: { rates: { id: number; total: number; overridedPrice?: number }[] }[][];
    };
    const rate = body.availability[0]?.flatMap((room) => room.rates).find((r) => r.id === Number(rateId));
    expect(rate?.overridedPrice).toBe(55);
    expect(rate?.total).toBe(55);
    // The page shows the signed price spread over the two nights (27,50 EUR each), instead of the usual one.
    const shown = "27,50 EUR";
    await expect(guestPage.getByRole("article", { name: "Room only – flexible" }).first()).toContainText(
      shown,
    );
    await guest.close();
  });
});
