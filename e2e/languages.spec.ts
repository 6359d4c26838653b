import type { TestInfo } from "@playwright/test";
import { expect, test } from "./fixtures";
import { receivedMail } from "./mail";
import { findOpenStay } from "./stays";

// Languages (SPEC §3, ADR 0019): a German guest books demo hotel 1 in German (German room and rate names, German
// gateway pages, a German mail) and reads the voucher in Chinese; a Russian page reads English and says lang="ru".
// This journey books its own room type ("Family room") on its own stays, apart from the other journeys.
const NIGHTS = 2;
const ROOM = { en: "Family room", de: "Familienzimmer", zh: "家庭房" };

type AvailRoom = { id: number; name: string; rates: { id: number; name: string; payment: string }[] };

const offsetFor = (testInfo: TestInfo, base: number) => base + (testInfo.project.name === "mobile" ? 5 : 0);

/** An amount as SPEC §9 writes it for a European language: `1234,50 EUR`, `12.345,50 EUR`. */
const ITALIAN_STYLE = /^-?\d{1,3}(\.?\d{3})*,\d{2}\sEUR$/;
/** The same amount for a Chinese or Japanese reader: `EUR 1,234.50`. */
const OWN_STYLE_ZH = /^EUR\s\d{1,3}(,\d{3})*\.\d{2}$/;

test("a German guest books in German, the gateway speaks German, and the voucher reads in Chinese", async ({
  page,
  request,
  axe,
  capture,
}, testInfo) => {
  test.setTimeout(120_000);
  const look = async (screen: string) => {
    await capture(screen);
    await axe(screen);
  };
  const stay = await findOpenStay(request, { from: offsetFor(testInfo, 170), nights: NIGHTS });
  const avail = await request.get(
    `/api/avail.do?hotel=1&channel=1&language=3&arrival=${stay.arrival}&departure=${stay.departure}&adults=2`,
  );
  const rooms = ((await avail.json()) as { availability: AvailRoom[][] }).availability.flat();
  const family = rooms.find((r) => r.name === ROOM.de);
  const rate = family?.rates.find((r) => r.payment === "prepaid");
  expect(rate, "a prepaid rate of the family room, named in German").toBeDefined();

  // The search page in German: German names, amounts in the Italian style with the code.
  await page.goto(
    `/hotel/1/channel/1/language/3/rooms?arrival=${stay.arrival}&departure=${stay.departure}&adults=2`,
  );
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  // Demo channel 1 has optional tags: the consent banner, in German.
  const cookie = page.getByRole("region", { name: "Cookie-Einwilligung" });
  await cookie.getByRole("button", { name: "Alle ablehnen" }).click();
  const card = page
    .getByRole("article")
    .filter({ has: page.getByRole("heading", { level: 3, name: ROOM.de, exact: true }) })
    .first();
  await expect(card).toBeVisible();
  await expect(page.getByRole("heading", { level: 3, name: "Klassisches Doppelzimmer" })).toBeVisible();
  const showAll = card.getByRole("button", { name: /^Alle \d+ Tarife zeigen/ });
  if (await showAll.isVisible()) await showAll.click();
  const rateCard = card.getByRole("article", { name: rate!.name, exact: true }).first();
  await expect(rateCard).toBeVisible();
  const amounts = (await rateCard.getByText(/EUR/).allTextContents()).map((a) => a.trim());
  expect(
    amounts.some((a) => ITALIAN_STYLE.test(a)),
    `Italian-style amounts in ${JSON.stringify(amounts)}`,
  ).toBe(true);
  await look("German search page");

  await rateCard.getByRole("button", { name: /^Auswählen/ }).click();
  const selection = page.getByRole("region", { name: "Ihre Auswahl" });
  await expect(selection.getByText("Alle Zimmer sind gewählt.")).toBeVisible();
  await selection.getByRole("button", { name: "Weiter" }).click();

  // Services: the hotel's categories and services in German.
  await expect(page).toHaveURL(/\/language\/3\/services/);
  await expect(page.getByRole("group", { name: /Reiseversicherung/ })).toBeVisible();
  await page.getByRole("checkbox", { name: "Basisschutz (inklusive)" }).check();
  await capture("German services");
  await page.getByRole("button", { name: "Weiter" }).click();

  // Checkout: the hotel's own policy in German; the gateway's card page too.
  await expect(page).toHaveURL(/\/language\/3\/checkout/);
  const email = `klara.${testInfo.project.name}.${Date.now()}@example.test`;
  await page.getByLabel("Vor- und Nachname").fill("Klara Schmidt");
  await page.getByLabel("E-Mail", { exact: true }).fill(email);
  await page.getByLabel("E-Mail bestätigen").fill(email);
  await page.getByLabel("Telefonnummer").fill("151 2345678");
  await page.getByLabel("Land", { exact: true }).selectOption("DE");
  await page.getByRole("checkbox", { name: /Ich akzeptiere die Stornobedingungen/ }).check();
  await page.getByRole("checkbox", { name: /Ich akzeptiere die Allgemeinen Buchungsbedingungen/ }).check();
  await page.getByRole("checkbox", { name: /Ich willige in die Verarbeitung/ }).check();
  await expect(page.getByText("Hausordnung").first()).toBeVisible();
  const required = page.getByRole("checkbox", { name: /\(Pflicht\)/ });
  for (let i = 0; i < (await required.count()); i++) await required.nth(i).check();
  await page.getByRole("radio", { name: /Jetzt mit Karte bezahlen/ }).check();
  const frame = page.frameLocator('iframe[title="Sicheres Kartenformular des Zahlungsanbieters"]');
  await expect(frame.getByRole("heading", { name: "Kartendaten" })).toBeVisible();
  await frame.getByLabel("Kartennummer").fill("4000000000003220");
  await frame.getByLabel("Gültig bis (MM/JJJJ)").fill("12/2031");
  await frame.getByLabel("Karteninhaber").fill("Klara Schmidt");
  await frame.getByLabel("Prüfnummer (CVV)").fill("123");
  await look("German checkout with the German card page");
  await frame.getByRole("button", { name: "Karte speichern" }).click();
  await expect(page.getByText("Karte mit Endziffern 3220 gespeichert.")).toBeVisible();
  await page.getByRole("button", { name: /^Buchen und/ }).click();

  // The gateway's 3-D Secure challenge in German, then the voucher in German.
  await expect(page.getByRole("heading", { name: "3-D-Secure-Prüfung" })).toBeVisible({ timeout: 20_000 });
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  await look("German 3-D Secure challenge");
  await page.getByRole("button", { name: "Zahlung bestätigen" }).click();
  await page.waitForURL(/\/language\/3\/voucher\/code\//, { timeout: 20_000 });
  const code = /\/voucher\/code\/([^/]+)\//.exec(page.url())?.[1] ?? "";
  expect(code).toMatch(/^[0-9A-Z]{16}$/);
  await expect(page.getByRole("heading", { level: 1, name: /Ihre Reservierung|Ihre Buchung/ })).toBeVisible();
  await expect(page.getByText(ROOM.de).first()).toBeVisible();

  // The same voucher read in Chinese: the hotel's names in Chinese, amounts as Chinese readers write them.
  await page.goto(page.url().replace("/language/3/", "/language/6/"));
  await expect(page.locator("html")).toHaveAttribute("lang", "zh-CN");
  await expect(page.getByRole("heading", { level: 1, name: /的预订$/ })).toBeVisible();
  await expect(page.getByText(ROOM.zh).first()).toBeVisible();
  const chinese = (await page.getByText(/^EUR\s/).allTextContents()).map((a) => a.trim());
  expect(chinese.length).toBeGreaterThan(0);
  for (const amount of chinese) expect(amount).toMatch(OWN_STYLE_ZH);
  await look("Chinese voucher");

  // The confirmation mail in German: German names, Italian-style amounts, lang="de".
  const mail = await receivedMail(email);
  expect(mail.subject).toContain(code);
  expect(mail.html).toContain('<html lang="de">');
  expect(mail.text).toContain(ROOM.de);
  expect(mail.text).toMatch(/\d,\d{2}\u00a0EUR/);
});

test("a Russian page reads English and tells screen readers it is Russian", async ({
  page,
  axe,
  capture,
}) => {
  await page.goto("/hotel/1/channel/1/language/7/rooms");
  await expect(page.locator("html")).toHaveAttribute("lang", "ru");
  await expect(page.getByRole("combobox", { name: "Language" })).toHaveValue("7");
  await expect(page.getByRole("region", { name: "Cookie consent" })).toBeVisible();
  await capture("Russian page");
  await axe("Russian page");
});
