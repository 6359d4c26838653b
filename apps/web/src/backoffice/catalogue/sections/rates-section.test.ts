import { ratePlanRules } from "@alloggio/domain/contract/property/property-file";
import { describe, expect, it } from "vitest";
import { ratePlanPayload } from "./rates-section";

describe("the rate plan form's payload", () => {
  const resellable = {
    code: "NR",
    name: { en: "Non-refundable" },
    refundable: false,
    resellable: true,
    resaleFeePercent: 10,
    channelIds: [1],
  };

  it("keeps a resellable rate's resale fee", () => {
    expect(ratePlanPayload(resellable).resaleFeePercent).toBe(10);
  });

  it("drops the fee when the rate is no longer resellable, so the server does not refuse the save", () => {
    const payload = ratePlanPayload({ ...resellable, resellable: false });
    expect(payload.resaleFeePercent).toBeUndefined();
    expect(ratePlanRules(payload)).toEqual([]);
  });
});
