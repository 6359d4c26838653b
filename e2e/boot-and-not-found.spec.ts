import { expect, test } from "./fixtures";

// The demo group (apps/server/src/db/demo) has these 4 hotels on channel 1.
const DEMO_HOTELS = [
  "Hotel Bellavista Riva",
  "Villa Olivo Malcesine",
  "Lido Palace Sirmione",
  "Chalet Edelweiss Zermatt",
];

test("start-up: / goes to the portal hotel list, a hotel link opens its rooms page", async ({
  page,
  axe,
  capture,
}) => {
  // The suite runs on 127.0.0.1, a host no channel names: hotellist.do answers 404 for it, and the app falls back
  // to channel 1 at once, without asking again.
  const byHost = (url: string) =>
    url.includes("/api/hotellist.do") && url.includes("domain=127.0.0.1") && !/[?&]channel=/.test(url);
  const lookups: string[] = [];
  page.on("request", (request) => {
    if (byHost(request.url())) lookups.push(request.url());
  });
  const lookup = page.waitForResponse((r) => byHost(r.url()));
  const response = await page.goto("/");
  expect(response?.status()).toBe(200);
  const answer = await lookup;
  expect(answer.status()).toBe(404);
  expect((await answer.json()).error?.message).toBe("Unknown channel");

  // SPEC §2: no hotel in the route and several group hotels → portal hotel list, language 1.
  await expect(page).toHaveURL(/\/channel\/1\/language\/1$/);
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 1, name: "Our hotels" })).toBeVisible();
  // Each hotel's card: its name and "See rooms at <hotel>" (a link the keyboard reaches).
  const links = main.getByRole("listitem").getByRole("link", { name: /^See rooms at / });
  await expect(links).toHaveCount(DEMO_HOTELS.length);
  for (const name of DEMO_HOTELS) await expect(main.getByRole("link", { name, exact: true })).toBeVisible();
  expect(lookups, "the host's lookup, once: a 404 is not asked again").toHaveLength(1);
  await capture("portal hotel list");
  await axe("portal hotel list");

  const hotel = "Villa Olivo Malcesine";
  await main.getByRole("link", { name: hotel, exact: true }).click();

  await expect(page).toHaveURL(/\/hotel\/2\/channel\/1\/language\/1\/rooms$/);
  // The hotel's name as the page heading or in the header.
  await expect(
    page
      .getByRole("heading", { name: hotel })
      .or(page.getByRole("banner").getByText(hotel, { exact: true }))
      .first(),
  ).toBeVisible();
  await expect(page).toHaveTitle(hotel);
  await capture("rooms page");
  await axe("rooms page");
});

test("the site's icon and HEAD on a page answer, as browsers and uptime monitors ask them", async ({
  request,
}) => {
  const icon = await request.get("/favicon.ico");
  expect(icon.status()).toBe(200);
  expect(icon.headers()["content-type"]).toContain("icon");
  const head = await request.head("/hotel/1/channel/1/language/1/rooms");
  expect(head.status()).toBe(200);
});

test("an unknown URL shows the not-found page, with a way home", async ({ page, axe, capture }) => {
  // The server answers 404 for a path that no page matches, still with the web app so the page renders.
  const response = await page.goto("/this/does/not/exist");
  expect(response?.status()).toBe(404);

  await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
  const home = page.getByRole("link", { name: "Go to the home page" });
  await expect(home).toBeVisible();
  await capture("not found");
  await axe("not found");

  await home.click();
  await expect(page.getByRole("heading", { level: 1, name: "Our hotels" })).toBeVisible();
});

test("an unknown page of a hotel in Italian shows the Italian not-found page", async ({
  page,
  axe,
  capture,
}) => {
  const response = await page.goto("/hotel/1/channel/1/language/2/nope");
  expect(response?.status()).toBe(404);

  await expect(page.getByRole("heading", { level: 1, name: "Pagina non trovata" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Vai alla pagina iniziale" })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", /^it\b/);
  // Inside the hotel layout: the hotel's header, in Italian.
  await expect(page.getByRole("banner").getByText("Hotel Bellavista Riva", { exact: true })).toBeVisible();
  await expect(page.getByRole("navigation").getByRole("link", { name: "La mia prenotazione" })).toBeVisible();
  await capture("not found (it)");
  await axe("not found (it)");
});
