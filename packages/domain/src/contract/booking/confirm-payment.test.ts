import { describe, expect, it } from "vitest";
import { ConfirmPaymentRequestSchema, ConfirmPaymentResponseSchema } from "./confirm-payment";

describe("ConfirmPaymentRequestSchema", () => {
  it.each([
    [
      { reservation: "041061050R3GG28A", gateway: "sandbox" },
      { reservation: "041061050R3GG28A", gateway: "sandbox" },
    ],
    [
      { reservation: "041061050r3gg28a", prepayment: "12", gateway: "sandbox", paymentRef: " pay_1 " },
      { reservation: "041061050R3GG28A", prepayment: 12, gateway: "sandbox", paymentRef: "pay_1" },
    ],
    [
      { reservation: "041061050R3GG28A", prepayment: 3, gateway: "a-b_c9" },
      { reservation: "041061050R3GG28A", prepayment: 3, gateway: "a-b_c9" },
    ],
  ])("%j", (input, expected) => {
    expect(ConfirmPaymentRequestSchema.parse(input)).toEqual(expected);
  });

  it.each<[string, Record<string, unknown>, string]>([
    ["no code", { gateway: "sandbox" }, "reservation"],
    ["a short code", { reservation: "041061050R3GG28", gateway: "sandbox" }, "reservation"],
    ["no gateway", { reservation: "041061050R3GG28A" }, "gateway"],
    ["a gateway with a slash", { reservation: "041061050R3GG28A", gateway: "../x" }, "gateway"],
    ["prepayment 0", { reservation: "041061050R3GG28A", gateway: "sandbox", prepayment: 0 }, "prepayment"],
    [
      "an empty reference",
      { reservation: "041061050R3GG28A", gateway: "sandbox", paymentRef: " " },
      "paymentRef",
    ],
  ])("refuses %s", (_name, input, path) => {
    const result = ConfirmPaymentRequestSchema.safeParse(input);
    expect(result.error?.issues.map((i) => i.path.join("."))).toEqual([path]);
  });
});

describe("ConfirmPaymentResponseSchema", () => {
  it.each([
    [{ status: "confirmed", paid: true }, true],
    [{ status: "payment_required", paid: false }, true],
    [{ status: "paid", paid: true }, false],
    [{ status: "confirmed" }, false],
  ])("%j → %s", (body, ok) => {
    expect(ConfirmPaymentResponseSchema.safeParse(body).success).toBe(ok);
  });
});
