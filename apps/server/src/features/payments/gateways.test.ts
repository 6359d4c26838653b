import { describe, expect, it } from "vitest";
import type { PaymentGateway } from "./gateway";
import { createPaymentGateways, type HotelGatewayLookup } from "./gateways";

/** A gateway that only says who it is: which one answers is what these tests look at. */
const gatewayNamed = (name: string, owner = 0): PaymentGateway & { owner: number } => ({
  name,
  owner,
  pageOrigins: [],
  cardEntry: name === "sandbox" ? "token" : "redirect",
  hostedCardUrl: () => "",
  authorise: async () => ({ ref: `${name}_${owner}`, status: "captured" }),
  startRedirect: async () => ({ ref: `${name}_${owner}`, status: "requires_action" }),
  retrieve: async (ref) => ({ ref, status: "captured" }),
  refund: async (ref) => ({ ref, status: "refunded" }),
  cancel: async () => true,
});

const sandbox = gatewayNamed("sandbox");

/** Hotel 1 chose Stripe and saved keys; hotel 2 chose Stripe without keys; hotel 3 stayed on the sandbox. */
const lookup: HotelGatewayLookup = {
  keyOf: async (hotelId) => (hotelId === 3 ? "sandbox" : "stripe"),
  hotelsWith: async (name) => (name === "stripe" ? [1] : []),
  ownGateway: async (name, hotelId) =>
    name === "stripe" && hotelId !== 2 ? gatewayNamed(name, hotelId) : null,
};

describe("the site's payment gateways", () => {
  it("gives every hotel the server's default when hotels have no gateway of their own", async () => {
    const gateways = createPaymentGateways(sandbox);
    expect(await gateways.forHotel(1)).toBe(sandbox);
    expect(await gateways.named("sandbox", 1)).toBe(sandbox);
    expect(await gateways.named("stripe", 1)).toBeNull();
  });

  it("gives a hotel the gateway it chose, made with its own keys", async () => {
    const gateways = createPaymentGateways(sandbox, lookup);
    const own = (await gateways.forHotel(1)) as ReturnType<typeof gatewayNamed>;
    expect([own.name, own.owner]).toEqual(["stripe", 1]);
    expect(await gateways.forHotel(3)).toBe(sandbox);
  });

  it("takes no payment for a hotel whose chosen gateway has no keys, rather than charge through another", async () => {
    const gateways = createPaymentGateways(sandbox, lookup);
    const chosen = await gateways.forHotel(2);
    expect(chosen.name).toBe("stripe");
    await expect(
      chosen.authorise({
        amountMinor: 100,
        currency: "EUR",
        reference: "R1",
        capture: true,
        returnUrl: "/x",
      }),
    ).rejects.toThrow(/not set up/);
    expect(await chosen.retrieve("cs_1")).toBeNull();
    expect(await chosen.cancel("cs_1")).toBe(false);
  });

  it("answers for a recorded payment with the gateway that made it, whatever the hotel chose since", async () => {
    const gateways = createPaymentGateways(sandbox, lookup);
    expect(await gateways.named("sandbox", 1)).toBe(sandbox);
    expect((await gateways.named("stripe", 3))?.name).toBe("stripe");
    expect(await gateways.named("stripe", 2)).toBeNull();
  });
});
