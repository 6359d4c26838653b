// @vitest-environment happy-dom
import { cleanup, screen } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { i18n } from "../../../i18n/i18n";
import { renderInHotel } from "../../global/render-in-hotel";
import { aPackage } from "../test-fixtures";
import { FlightDetails } from "./flight-details";
import { PackageFacts } from "./package-facts";

const pack = aPackage();

const definition = (term: string) =>
  screen.getByText(term, { selector: "dt" }).parentElement?.querySelector("dd")?.textContent;

describe("package facts", () => {
  beforeAll(() => i18n.loadNamespaces("packages"));
  afterEach(cleanup);

  it("says the offer's rules in words", async () => {
    renderInHotel(<PackageFacts pack={pack} full />);
    await screen.findByText("Valid");
    expect(definition("Valid")).toBe("1 Jan 2030 – 30 Jun 2030");
    expect(definition("Nights")).toBe("2 to 4 nights");
    expect(definition("Adults")).toBe("2 adults");
    expect(definition("Closed seasons")).toBe("1 Feb 2030 – 10 Feb 2030");
    expect(definition("Included")).toBe("Prosecco");
    expect(definition("Flights from")).toBe("London Gatwick (LGW)");
    // The stay's total with its mandatory extras, and the city tax beside it.
    expect(definition("Price from")).toBe(
      "238,00\u00a0EUR for 2 nights, 2 adults + 10,00\u00a0EUR city tax, paid at the hotel",
    );
  });

  it("keeps to validity, nights and price in the list, and says when nothing is free", async () => {
    renderInHotel(<PackageFacts pack={{ ...pack, maxNights: null, priceFrom: null }} />);
    await screen.findByText("Valid");
    expect(definition("Nights")).toBe("At least 2 nights");
    expect(screen.queryByText("Adults")).toBeNull();
    expect(definition("Price from")).toBe("No free dates left in this offer");
  });

  it("shows the flights of a rate: code, from and to, date, time and price per person", async () => {
    renderInHotel(
      <FlightDetails
        currency="EUR"
        flight={{
          departure: {
            id: 1,
            code: "EZY8421",
            airport: "LGW",
            to: "VRN",
            date: "20300112",
            time: "09:40",
            price: 89,
          },
          return: {
            id: 2,
            code: "EZY8422",
            airport: "VRN",
            to: "LGW",
            date: "20300119",
            time: "13:35",
            price: 79,
          },
        }}
      />,
    );
    expect(await screen.findByText(/EZY8421 LGW → VRN, Sat 12 Jan at 09:40/)).toBeTruthy();
    expect(screen.getByText(/EZY8422 VRN → LGW, Sat 19 Jan at 13:35/).textContent).toMatch(
      /79,00\sEUR per person/,
    );
  });

  it("says what the flights add to a flight package's price from", async () => {
    renderInHotel(
      <PackageFacts pack={{ ...pack, priceFrom: { ...pack.priceFrom!, flightsFrom: 168 } }} full />,
    );
    expect(await screen.findByText(/\+ flights from 168,00\sEUR per person/)).toBeTruthy();
  });
});
