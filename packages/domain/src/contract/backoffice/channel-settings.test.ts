import { describe, expect, it } from "vitest";
import { ChannelFileSchema } from "../property/property-file";
import { ChannelColorsInputSchema, PrivacyInputSchema } from "./channel-settings";

const issues = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => (result.error?.issues ?? []).map((i) => `${i.path.join(".")}: ${i.message}`);

describe("a channel's colours: one rule for the back office and the property file", () => {
  it("refuses a primary colour below 4.5:1 with white, naming the ratio", () => {
    expect(issues(ChannelColorsInputSchema.safeParse({ primary: "#777777", secondary: "#ffffff" }))).toEqual([
      "primary: has a contrast of 4.4:1 with white text; WCAG AA needs at least 4.5:1 (choose a darker colour)",
    ]);
    expect(ChannelColorsInputSchema.safeParse({ primary: "#767676", secondary: "#ffffff" }).success).toBe(
      true,
    );
    // The secondary colour is an accent (borders), never under text: any colour.
    expect(ChannelColorsInputSchema.safeParse({ primary: "#0b5394", secondary: "#ffff00" }).success).toBe(
      true,
    );
    expect(issues(ChannelColorsInputSchema.safeParse({ primary: "navy", secondary: "#ffffff" }))).toEqual([
      "primary: must be a color written #rrggbb",
    ]);
  });

  it("applies to a property file's channel too", () => {
    const channel = {
      id: 1,
      name: "Direct",
      kind: "direct",
      colors: { primary: "#ffd166", secondary: "#000000" },
    };
    expect(issues(ChannelFileSchema.safeParse(channel))).toEqual([
      "colors.primary: has a contrast of 1.4:1 with white text; WCAG AA needs at least 4.5:1 (choose a darker colour)",
    ]);
  });
});

describe("a privacy text", () => {
  const text = { title: { en: "Pets" }, text: { en: "I keep my dog on a leash." } };

  it("needs English, and at most 200 characters of title and 5000 of text in each language", () => {
    expect(PrivacyInputSchema.safeParse(text).success).toBe(true);
    expect(
      PrivacyInputSchema.safeParse({ title: { en: "t".repeat(200) }, text: { en: "x".repeat(5000) } })
        .success,
    ).toBe(true);
    expect(issues(PrivacyInputSchema.safeParse({ ...text, title: { it: "Animali" } }))).toEqual([
      "title: needs an English text (en)",
    ]);
    expect(issues(PrivacyInputSchema.safeParse({ ...text, title: { en: "t".repeat(201) } }))).toEqual([
      "title.en: is longer than 200 characters",
    ]);
    expect(
      issues(PrivacyInputSchema.safeParse({ ...text, text: { en: "ok", ja: "x".repeat(5001) } })),
    ).toEqual(["text.ja: is longer than 5000 characters"]);
  });
});
