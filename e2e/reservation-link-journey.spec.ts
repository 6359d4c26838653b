import { answerCookies } from "./consent";
import { expect, test } from "./fixtures";

// Hotel Bellavista Riva (demo hotel 1) prepared a stay for the Rossi family: link 101, two rooms, four nights.
const LINK = "/hotel/1/channel/1/language/1/reservationLink/view/101";

test("a reservation link opens its prepared stay, and a language change keeps it", async ({
  page,
  request,
  axe,
  capture,
}) => {
  const res = await request.get("/api/reservationLink.do?channel=1&hotel=1&language=1&rlId=101");
  const [link] = ((await res.json()) as { links: { arrival: string; departure: string }[] }).links;
  if (!link) throw new Error("the demo's reservation link is missing");

  await page.goto(LINK);
  await expect(
    page.getByRole("heading", { level: 1, name: "Your stay with the Rossi family" }),
  ).toBeVisible();
  const stay = page.getByRole("region", { name: "The stay prepared for you" });
  await expect(stay.getByText("As agreed on the phone: two rooms, breakfast or half board.")).toBeVisible();
  await expect(stay.getByRole("definition").filter({ hasText: /^4 nights$/ })).toBeVisible();
  await expect(stay.getByRole("listitem").filter({ hasText: /^2 adults$/ })).toBeVisible();
  await expect(
    stay.getByRole("listitem").filter({ hasText: "2 adults and 2 children (ages 4, 9)" }),
  ).toBeVisible();
  await expect(stay.getByText(/Book by \d/)).toBeVisible();

  // The URL holds the prepared search, the link id with it (SPEC §2).
  const query = () => new URL(page.url()).searchParams;
  await expect.poll(() => query().get("reservationLinkId")).toBe("101");
  expect(query().get("arrival")).toBe(link.arrival);
  expect(query().get("departure")).toBe(link.departure);
  expect(query().get("adults")).toBe("2,2");
  expect(query().get("ages")).toBe("4,9");

  // Its rooms and rates: one slot per prepared room.
  await answerCookies(page);
  const slot1 = page.getByRole("region", { name: "Room 1 of 2 · 2 adults" });
  const slot2 = page.getByRole("region", { name: "Room 2 of 2 · 2 adults, 2 children" });
  await expect(slot1.getByText("Choose a room and a rate.")).toBeVisible();
  await capture("reservation link");
  await axe("reservation link");
  await slot1
    .getByRole("button", { name: /^Select\b/ })
    .first()
    .click();
  await expect(slot2.getByText("Choose a room and a rate.")).toBeVisible();
  await slot2
    .getByRole("button", { name: /^Select\b/ })
    .first()
    .click();
  const selection = page.getByRole("region", { name: "Your selection" });
  await expect(selection.getByText("All rooms are chosen.")).toBeVisible();
  await capture("reservation link rooms chosen");
  await axe("reservation link rooms chosen");

  // Italian: the same link and stay.
  await page.getByRole("combobox", { name: "Language" }).selectOption({ label: "Italiano" });
  await expect(page).toHaveURL(/\/hotel\/1\/channel\/1\/language\/2\/reservationLink\/view\/101\?/);
  await expect(
    page.getByRole("heading", { level: 1, name: "Il vostro soggiorno per la famiglia Rossi" }),
  ).toBeVisible();
  expect(query().get("reservationLinkId")).toBe("101");
  expect(query().get("arrival")).toBe(link.arrival);
  await expect(page.getByRole("region", { name: "Il soggiorno preparato per te" })).toContainText("4 notti");
  await expect(
    page.getByRole("region", { name: "La tua selezione" }).getByText("Tutte le camere sono state scelte."),
  ).toBeVisible();
  await capture("reservation link in Italian");
  await axe("reservation link in Italian");
});

test("an unknown reservation link says so", async ({ page, axe }) => {
  await page.goto("/hotel/1/channel/1/language/1/reservationLink/view/999999");
  await expect(page.getByRole("heading", { level: 1, name: "This link is not valid" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Search rooms" })).toHaveAttribute(
    "href",
    "/hotel/1/channel/1/language/1/rooms",
  );
  await axe("unknown reservation link");
});
