import { readPdf } from "../apps/server/src/features/voucher-pdf/pdf-test-kit";
import { expect, test } from "./fixtures";
import { receivedMail, receivedMailWhere } from "./mail";
import {
  AGENT,
  chooseTradeRate,
  confirmTradeBooking,
  dismissCookies,
  fillGuestAndTerms,
  logInAsAgent,
  tradeRoomsUrl,
} from "./trade";

// ADR 0031: the demo agent books for a guest at trade rates on channel 2 — commission or net per
// rate, the agency data (VAT or IATA), the invoice copied from them, the option hold, the voucher with the agency.

test("an agent books for a guest with the agency data and a copied invoice, held as an option", async ({
  page,
  request,
  axe,
  capture,
}, testInfo) => {
  test.setTimeout(120_000);
  await page.goto(await tradeRoomsUrl(request, 50));
  await dismissCookies(page);
  await logInAsAgent(page);

  // The rates: a commissionable one says its percent and amount, a net one says it is net.
  const commissionable = page.getByRole("article", { name: "Trade – commissionable", exact: true }).first();
  await expect(
    commissionable.getByText(/^Commissionable rate: 10 % commission on the room price \(.+\)$/),
  ).toBeVisible();
  const net = page.getByRole("article", { name: "Trade – net rate", exact: true }).first();
  await expect(net.getByText("Net rate: no commission")).toBeVisible();
  // A public rate sold to the agent pays no commission; it is not a net rate.
  const flexible = page.getByRole("article", { name: "Bed & breakfast – weekly saver", exact: true }).first();
  await expect(flexible.getByText("Public rate: no commission")).toBeVisible();
  await expect(flexible.getByText("Net rate: no commission")).toHaveCount(0);
  await capture("trade rooms with commission");
  await chooseTradeRate(page);

  // The agency data, prefilled from the account; without VAT number and IATA code the domain's rule answers.
  const agency = page.getByRole("region", { name: "Agency data" });
  await expect(agency.getByLabel("Agency or company name")).toHaveValue(AGENT.agency);
  const vat = agency.getByLabel("VAT number");
  const iata = agency.getByLabel("IATA code");
  const vatNumber = await vat.inputValue();
  expect(vatNumber).not.toBe("");
  await vat.fill("");
  await iata.fill("");
  await agency.getByLabel(/Your booking reference/).fill("PRATICA-42");

  const email = `guest.${testInfo.project.name}.${Date.now()}@example.test`;
  await fillGuestAndTerms(page, { name: "Luca Verdi", email });

  // The invoice copies the agency data.
  await page.getByRole("checkbox", { name: "I need an invoice" }).check();
  await page.getByRole("checkbox", { name: "Copy the agency data into the invoice" }).check();
  await expect(page.getByText("The invoice will be made out to the agency:")).toBeVisible();

  await page.getByRole("radio", { name: /Pay at the hotel/ }).check();
  await expect(
    page.getByText(/^Held as an option: valid for \d+ hours?, until the property confirms it\.$/),
  ).toBeVisible();

  const book = page.getByRole("button", { name: /^Confirm booking/ });
  await book.click();
  await expect(agency.getByText("Enter at least one of VAT number and IATA code.")).toBeVisible();
  await capture("trade checkout VAT or IATA missing");

  await vat.fill(vatNumber);
  await expect(agency.getByText("Enter at least one of VAT number and IATA code.")).toHaveCount(0);
  await capture("trade checkout filled");
  await axe("trade checkout");
  await page.setViewportSize({ width: 390, height: 844 });
  await capture("trade checkout 390");
  await page.setViewportSize({ width: 1280, height: 900 });

  const code = await confirmTradeBooking(page);
  await expect(page.getByText(code).first()).toBeVisible();
  const booked = page.getByRole("region", { name: "Booked by the agency" });
  await expect(booked).toContainText(AGENT.agency);
  await expect(booked).toContainText("PRATICA-42");
  // The rate is named "Trade – commissionable", but the commission itself is not the guest's to see.
  await expect(page.getByText(/% commission/)).toHaveCount(0);
  await capture("trade voucher");
  await page.setViewportSize({ width: 390, height: 844 });
  await capture("trade voucher 390");
});

test("an agent books a net rate: the guest's mail, voucher and PDF show no trade word or net amount, the agency's mail does", async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(90_000);
  await page.goto(await tradeRoomsUrl(request, 80));
  await dismissCookies(page);
  await logInAsAgent(page);
  const net = page.getByRole("article", { name: "Trade – net rate", exact: true }).first();
  await net.getByRole("button", { name: /^Select/ }).click();
  const selection = page.getByRole("region", { name: "Your selection" });
  await selection.getByRole("button", { name: "Continue" }).click();
  await page.getByRole("checkbox", { name: "Basic cover (included)" }).check();
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/checkout/);
  const agency = page.getByRole("region", { name: "Agency data" });
  const agencyMail = await agency.getByLabel("E-mail (optional)", { exact: true }).inputValue();
  await agency.getByLabel(/Your booking reference/).fill("NET-7");
  const email = `nina.${testInfo.project.name}.${Date.now()}@example.test`;
  await fillGuestAndTerms(page, { name: "Nina Netti", email });
  await page.getByRole("radio", { name: /Bank transfer/ }).check();
  const code = await confirmTradeBooking(page);

  const tradeWords = /\btrade\b|\bnet\b|commission/i;
  // The web voucher: the agency arranges the price; no trade rate, no amount of the agency's.
  await expect(
    page.getByText("Your travel agency arranges the price and the payment of this stay with you."),
  ).toBeVisible();
  await expect(page.getByRole("main")).not.toContainText(tradeWords);

  const guest = await receivedMail(email);
  expect(`${guest.subject}\n${guest.text}`).not.toMatch(tradeWords);
  const guestPdf = guest.attachments.find((a) => a.filename.endsWith(".pdf"));
  expect((await readPdf(Buffer.from(guestPdf!.content, "base64"))).text).not.toMatch(tradeWords);

  // The agency's own mail names the net rate and its price, with the agency PDF and its reference.
  const own = await receivedMailWhere(agencyMail, (m) => m.subject.includes(code));
  expect(own.text).toContain("Trade – net rate");
  expect(own.text).toContain("Your reference: NET-7");
  const agencyPdf = own.attachments.find((a) => a.filename.endsWith("-agency.pdf"));
  expect((await readPdf(Buffer.from(agencyPdf!.content, "base64"))).text).toContain("NET-7");
});
