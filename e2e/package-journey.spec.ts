import { answerCookies } from "./consent";
import { addDays } from "./dates";
import { expect, test } from "./fixtures";

// Hotel Bellavista Riva (demo hotel 1): a romantic special offer (2–4 nights for two) and a fly & stay package.
const HOTEL = "/hotel/1/channel/1/language/1";

type Package = {
  id: number;
  name: string;
  validFrom: string;
  validTo: string;
  priceFrom: { arrival: string; nights: number } | null;
  airports: { code: string; flights: { date: string }[] }[];
};

test("package landing, then a search within its validity and rules", async ({
  page,
  request,
  axe,
  capture,
}) => {
  const res = await request.get("/api/package.do?channel=1&hotel=1&language=1");
  const { packages } = (await res.json()) as { packages: Package[] };
  const romantic = packages.find((p) => p.name === "Romantic getaway");
  if (!romantic?.priceFrom) throw new Error("the demo's romantic offer has no price");

  // From the rooms page's header to the offers.
  await page.goto(`${HOTEL}/rooms`);
  await answerCookies(page);
  await page.getByRole("link", { name: "Offers" }).click();
  await expect(page).toHaveURL(new RegExp(`${HOTEL}/packages$`));
  await expect(
    page.getByRole("heading", { level: 1, name: "Offers and packages of Hotel Bellavista Riva" }),
  ).toBeVisible();
  await expect(page.getByRole("article")).toHaveCount(2);
  await capture("package list");
  await axe("package list");

  // The landing page: description, rules, price from, gallery.
  await page.getByRole("link", { name: "Discover the offer Romantic getaway" }).click();
  await expect(page).toHaveURL(new RegExp(`${HOTEL}/package/view/${romantic.id}`));
  const offer = page.getByRole("article", { name: "Romantic getaway" });
  await expect(offer.getByText("Two to four nights for two, with prosecco and a massage.")).toBeVisible();
  await expect(offer.getByRole("definition").filter({ hasText: "2 to 4 nights" })).toBeVisible();
  await expect(offer.getByRole("definition").filter({ hasText: /^2 adults$/ })).toBeVisible();
  await expect(
    offer
      .getByRole("definition")
      .filter({ hasText: /EUR for 2 nights, 2 adults \+ \d+,\d\d\sEUR city tax, paid at the hotel$/ }),
  ).toBeVisible();
  await expect(offer.getByRole("img", { name: /^Romantic getaway, photo 1 of \d+$/ })).toBeAttached();

  // Opened without dates, the search takes the stay of the "price from" and shows the offer's rooms.
  await expect.poll(() => new URL(page.url()).searchParams.get("arrival")).toBe(romantic.priceFrom.arrival);
  expect(new URL(page.url()).searchParams.get("departure")).toBe(
    addDays(romantic.priceFrom.arrival, romantic.priceFrom.nights),
  );
  const results = page.getByRole("region", { name: "Available rooms" });
  await expect(results.getByRole("status")).toContainText(/types? of accommodation available/);
  await expect(
    results.getByRole("heading", { level: 4, name: "Romantic escape for two" }).first(),
  ).toBeVisible();
  await capture("package landing with its rooms");
  await axe("package landing with its rooms");

  // The calendar shows the offer's validity, and a day after it says it is outside.
  const search = page.getByRole("search", { name: "Search for rooms" });
  await search.getByRole("button", { name: /^Arrival and departure/ }).click();
  const calendar = page.getByRole("dialog", { name: "Choose your dates" });
  await expect(calendar).toBeVisible();
  await expect(calendar.getByText(/^Offer valid for stays from .* to .*\.$/)).toBeVisible();
  const outside = calendar.getByRole("button", { name: /Outside the offer validity/ }).first();
  for (let i = 0; i < 8 && !(await outside.isVisible()); i++)
    await calendar.getByRole("button", { name: "Next month" }).click();
  await expect(outside).toBeVisible();
  await expect(outside).toHaveAttribute("aria-disabled", "true");
  await capture("package calendar");
  await axe("package calendar");
  await page.keyboard.press("Escape");
  await expect(calendar).toBeHidden();
});

test("fly & stay: an origin airport puts the flights on the rate", async ({
  page,
  request,
  axe,
  capture,
}) => {
  const res = await request.get("/api/package.do?channel=1&hotel=1&language=1");
  const { packages } = (await res.json()) as { packages: Package[] };
  const fly = packages.find((p) => p.name === "Fly & stay");
  if (!fly) throw new Error("the demo's fly & stay package is missing");
  const airports = (await (await request.get(`/api/club-package/${fly.id}/airports`)).json()) as {
    airports: { code: string; flights: { code: string; direction: string; date: string; time: string }[] }[];
  };
  const gatwick = airports.airports.find((a) => a.code === "LGW");
  const out = gatwick?.flights.filter((f) => f.direction === "outbound")[1];
  if (!gatwick || !out) throw new Error("no Gatwick flights in the demo");
  const back = addDays(out.date, 7);
  const home = gatwick.flights.find((f) => f.direction === "return" && f.date === back);
  if (!home) throw new Error("no Gatwick return flight a week later in the demo");

  await page.goto(`${HOTEL}/package/view/${fly.id}?arrival=${out.date}&departure=${back}&adults=2`);
  await expect(page.getByRole("heading", { level: 1, name: "Fly & stay" })).toBeVisible();
  const search = page.getByRole("search", { name: "Search for rooms" });
  await search.getByLabel("Flight").selectOption({ label: "From London Gatwick (LGW)" });
  await search.getByRole("button", { name: "Search", exact: true }).click();
  await expect.poll(() => new URL(page.url()).searchParams.get("airport")).toBe("LGW");
  const results = page.getByRole("region", { name: "Available rooms" });
  const outbound = results
    .getByRole("definition")
    .filter({ hasText: new RegExp(`^${out.code} LGW → VRN, .* at ${out.time} · .* per person$`) });
  await expect(outbound.first()).toBeVisible();
  // The way back is a flight of its own: another code, from the hotel's airport, at its own time.
  const inbound = results
    .getByRole("definition")
    .filter({ hasText: new RegExp(`^${home.code} VRN → LGW, .* at ${home.time} · .* per person$`) });
  await expect(inbound.first()).toBeVisible();
  expect(home.code).not.toBe(out.code);
  await capture("fly and stay with flights");
  await axe("fly and stay with flights");
});

test("landing on the packages list: the server draws it, the app takes it over without a change", async ({
  page,
}) => {
  const html = await (await page.request.get(`${HOTEL}/packages`)).text();
  const painted = html.slice(html.indexOf('<div id="first-paint">'), html.indexOf('<div id="root">'));
  // The cards are in the HTML, the first picture asked for at once: nothing waits for the scripts.
  expect(painted.match(/<article class="package-card card"/g)).toHaveLength(2);
  expect(painted).toMatch(/<img class="package-card__image" [^>]*loading="eager" fetchpriority="high">/);
  await page.goto(`${HOTEL}/packages`);
  await expect(page.locator("#first-paint")).toHaveCount(0);
  await expect(
    page.getByRole("heading", { level: 1, name: "Offers and packages of Hotel Bellavista Riva" }),
  ).toBeVisible();
  await expect(page.getByRole("article")).toHaveCount(2);
  const shifts = await page.evaluate(
    () =>
      new Promise<number>((done) => {
        let sum = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) sum += (entry as unknown as { value: number }).value;
        }).observe({ type: "layout-shift", buffered: true });
        setTimeout(() => done(sum), 300);
      }),
  );
  expect(shifts).toBeLessThan(0.01);
});
