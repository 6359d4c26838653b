import { findWalkInNight } from "@alloggio/domain/stay-dates/walk-in-night";
import { expect, test } from "./fixtures";

// The walk-in prompt in the search page's first paint (ADR 0054): the server draws it into the HTML when the hotel's
// clock says it is shown (20:00–03:59 hotel time), by the same rule as the app, which then takes it over. The server
// runs on the real clock, so this journey checks what the hour asks for: at night the prompt is in the HTML and the
// app's own prompt replaces it (its button books tonight); by day neither shows it. Both hours are covered by the
// server's and the web app's tests, with a clock of their own.

// Hotel Bellavista Riva (demo hotel 1, Europe/Rome), English.
const ROOMS = "/hotel/1/channel/1/language/1/rooms";
const ZONE = "Europe/Rome";

test("the walk-in prompt is in the search page's HTML when the hotel's clock shows it, and the app takes it over", async ({
  page,
  request,
  axe,
}) => {
  const html = await (await request.get(ROOMS)).text();
  const painted = html.slice(html.indexOf('<div id="first-paint">'), html.indexOf('<div id="root">'));
  expect(painted).toContain('<header class="site-header">');
  // The page was asked for after the HTML: a night that ended in between (03:59 → 04:00) is not a failure.
  const night = findWalkInNight(new Date(), ZONE);
  if (!night) {
    expect(painted).not.toContain('class="walk-in"');
    await page.goto(ROOMS);
    await expect(page.locator("#first-paint")).toHaveCount(0);
    await expect(page.getByRole("main")).toBeVisible();
    await expect(page.getByRole("region", { name: "Tonight's stay" })).toHaveCount(0);
    return;
  }
  expect(painted).toContain(`<section class="walk-in" aria-label="Tonight's stay">`);
  expect(painted).toContain("<strong>Arriving tonight?</strong>");

  await page.goto(ROOMS);
  const prompt = page.getByRole("region", { name: "Tonight's stay" });
  await expect(prompt).toBeVisible();
  // The app's prompt replaces the drawn one: one prompt, in the app's root.
  await expect(page.locator("#first-paint")).toHaveCount(0);
  await expect(page.locator("#root .walk-in")).toHaveCount(1);
  await axe("search page with the walk-in prompt");
  await prompt.getByRole("button", { name: "Book tonight's stay" }).click();
  await expect(prompt).toHaveCount(0);
  const query = new URL(page.url()).searchParams;
  expect([query.get("arrival"), query.get("departure")]).toEqual([night.arrival, night.departure]);

  // Seen in this session: the HTML still carries it (the server cannot know), the page's inline script removes it
  // before anything is painted, and the app does not show it.
  await page.goto(ROOMS);
  await expect(page.locator("#first-paint")).toHaveCount(0);
  await expect(page.getByRole("main")).toBeVisible();
  await expect(page.getByRole("region", { name: "Tonight's stay" })).toHaveCount(0);
});
