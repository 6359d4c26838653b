import type { APIRequestContext } from "@playwright/test";
import { signInAsDemoOwner } from "./backoffice";
import { expect, test } from "./fixtures";
import { findOpenStay } from "./stays";

// The catalogue's hotel details, the rest of them: check-in time, the payment methods the hotel
// enables at the gateway, and the lists on the guest's hotel page. Each project edits its own demo hotel (desktop 3,
// mobile 4), so the two run side by side without touching hotel 1, which the guest journeys book. The guest checkout's
// own call (guestdata.do with checkPrepaid) shows the wallet gone, then offered again.

const hotelFor = (project: string) => (project.includes("mobile") ? 4 : 3);

type AvailRoom = { id: number; rates: { id: number; payment: string }[] };

/**
 * The payment methods the guest checkout offers for a prepaid stay at the hotel (guestdata.do with checkPrepaid, the
 * call the checkout page makes).
 */
async function checkoutMethods(request: APIRequestContext, hotel: number): Promise<string[]> {
  const avail = async (arrival: string, departure: string) => {
    const res = await request.get(
      `/api/avail.do?hotel=${hotel}&channel=1&language=1&arrival=${arrival}&departure=${departure}&adults=2`,
    );
    if (!res.ok()) return [];
    return ((await res.json()) as { availability: AvailRoom[][] }).availability.flat();
  };
  const prepaid = (rooms: AvailRoom[]) =>
    rooms.flatMap((r) =>
      r.rates.filter((rate) => rate.payment === "prepaid").map((rate) => ({ r, rate })),
    )[0];
  const stay = await findOpenStay(request, {
    hotel,
    from: 30,
    within: 120,
    nights: 2,
    accept: async ({ arrival, departure }) => prepaid(await avail(arrival, departure)) !== undefined,
  });
  const found = prepaid(await avail(stay.arrival, stay.departure));
  expect(found, "a prepaid rate").toBeDefined();
  const email = "wallet.check@example.test";
  const response = await request.post("/api/guestdata.do", {
    data: {
      method: "confirm",
      checkPrepaid: 1,
      hotel,
      channel: 1,
      language: 1,
      arrival: stay.arrival,
      departure: stay.departure,
      rooms: [
        {
          slot: 0,
          roomId: found!.r.id,
          rateId: found!.rate.id,
          adults: 2,
          ages: [],
          refundProtection: false,
        },
      ],
      booker: {
        fullname: "Lucia Ferri",
        email,
        emailConfirm: email,
        phone: { dialCode: "+39", number: "3331234567" },
        country: "IT",
      },
      privacy: {
        marketing: false,
        report: false,
        profile: false,
        custom: [{ id: hotel * 100 + 1, accepted: true }],
      },
      terms: { cancellationPolicy: true, generalTerms: true, dataProcessing: true },
      // The demo hotel's mandatory category (travel insurance): its free basic cover.
      services: [{ serviceId: hotel * 100 + 1, slot: null, quantity: 1 }],
      payment: { method: "card_payment" },
    },
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { paymentMethods: string[] }).paymentMethods;
}

test("the owner changes check-in time, payment methods and the wellness list; a reload shows them", async ({
  page,
  axe,
  capture,
}, testInfo) => {
  test.setTimeout(180_000);
  const hotel = hotelFor(testInfo.project.name);
  const form = page.getByRole("form", { name: "Hotel details" });
  const methods = page.getByRole("group", { name: "Payment methods offered at checkout" });
  const wallet = methods.getByRole("checkbox", { name: "Digital wallet" });
  const save = async () => {
    await form.getByRole("button", { name: "Save" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();
  };

  await signInAsDemoOwner(page, `/admin/hotel/${hotel}/catalogue/hotel`);
  await expect(form).toBeVisible();
  await axe("catalogue hotel details");
  await capture("catalogue hotel details");

  // The wallet off first (the demo enables every method), a new check-in time; saved and read back.
  const checkIn = form.getByLabel("Check-in from");
  const time = (await checkIn.inputValue()) === "13:15" ? "13:45" : "13:15";
  await checkIn.fill(time);
  await expect(wallet).toBeChecked();
  await expect(methods.getByText("The guest confirms the payment in their digital wallet.")).toBeVisible();
  await wallet.uncheck();
  await save();
  await page.reload();
  await expect(form.getByLabel("Check-in from")).toHaveValue(time);
  await expect(wallet).not.toBeChecked();
  const offered = async () => {
    const response = await page.request.get(`/api/backoffice/hotels/${hotel}/property`);
    expect(response.ok()).toBe(true);
    return ((await response.json()) as { paymentMethods: string[] }).paymentMethods;
  };
  expect(await offered()).not.toContain("wallet");
  // The guest checkout no longer offers it.
  const withoutWallet = await checkoutMethods(page.request, hotel);
  expect(withoutWallet).toContain("card_payment");
  expect(withoutWallet).not.toContain("wallet");

  // The wallet on again: saved, and still on after a reload.
  await wallet.check();
  await save();
  await page.reload();
  await expect(wallet).toBeChecked();
  expect(await offered()).toContain("wallet");
  expect(await checkoutMethods(page.request, hotel)).toContain("wallet");

  // The wellness list: an item added in two languages, moved to the top, then removed again.
  const wellness = page.getByRole("group", { name: "Wellness", exact: true });
  const items = wellness.getByRole("listitem");
  const itemsBefore = await items.count();
  const tag = `Spa ${testInfo.project.name} ${Date.now().toString(36)}`;
  await wellness.getByRole("button", { name: "Add an item" }).click();
  const added = wellness.getByRole("group", { name: `Item ${itemsBefore + 1}`, exact: true });
  await expect(added.getByLabel("English")).toBeFocused();
  await added.getByLabel("English").fill(tag);
  await added.getByText(/^Other languages/).click();
  await added.getByLabel("Italiano").fill(`${tag} (it)`);
  for (let n = itemsBefore + 1; n > 1; n--) {
    await wellness.getByRole("button", { name: `Move item ${n} up` }).click();
    await expect(wellness.getByRole("status")).toHaveText(`Item moved to position ${n - 1}.`);
  }
  await expect(
    wellness.getByRole("group", { name: "Item 1", exact: true }).getByLabel("English"),
  ).toHaveValue(tag);
  await axe("catalogue hotel lists");
  await capture("catalogue hotel lists");
  await save();
  await page.reload();
  await expect(
    wellness.getByRole("group", { name: "Item 1", exact: true }).getByLabel("English"),
  ).toHaveValue(tag);
  await expect(items).toHaveCount(itemsBefore + 1);

  // The guest's hotel page lists it first.
  const info = await page.request.get(`/api/bol/hotel/${hotel}/info/language/2`);
  expect(await info.text()).toContain(`${tag} (it)`);

  await wellness.getByRole("button", { name: "Remove item 1" }).click();
  await expect(items).toHaveCount(itemsBefore);
  await save();
  await page.reload();
  await expect(items).toHaveCount(itemsBefore);
  if (itemsBefore > 0)
    await expect(
      wellness.getByRole("group", { name: "Item 1", exact: true }).getByLabel("English"),
    ).not.toHaveValue(tag);
});
