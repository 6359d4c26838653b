import { ENTITY_RULES } from "@alloggio/domain/contract/property/property-file";
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { i18n } from "../i18n/i18n";
import { ApiError } from "../lib/api-client";
import { fieldError } from "./api";
import { fieldErrors } from "./catalogue/property/shared";
import { detailText, issueText } from "./detail-text";

afterEach(async () => {
  await i18n.changeLanguage("en");
});

async function inLanguage(language: string) {
  await i18n.changeLanguage(language);
  await i18n.loadNamespaces("bo");
}

describe("a refused field in the page's language, never the server's English", () => {
  it("says which check failed, with its limits", async () => {
    await inLanguage("de");
    const text = (message: string, params?: Record<string, string | number>) =>
      detailText(params ? { message, params } : { message });
    expect(
      text("Too small: expected string to have >=1 characters", {
        issue: "too_small",
        minimum: 1,
        origin: "string",
      }),
    ).toBe("ist erforderlich");
    expect(
      text("Too big: expected string to have <=200 characters", {
        issue: "too_big",
        maximum: 200,
        origin: "string",
      }),
    ).toBe("darf höchstens 200 Zeichen haben");
    expect(text("Invalid email address", { issue: "invalid_format", format: "email" })).toBe(
      "ist keine gültige E-Mail-Adresse",
    );
    expect(
      text("Too small: expected number to be >=1", { issue: "too_small", minimum: 1, origin: "number" }),
    ).toBe("muss mindestens 1 sein");
    expect(text("is taken")).toBe("wird bereits verwendet");
    expect(text("unknown")).toBe("wurde nicht gefunden");
    // A custom English sentence the page has no words for: "is not valid", not the sentence.
    expect(text("must be an IBAN like IT60 X054 2811 1010 0000 0123 456")).toBe("ist ungültig");
  });

  it("the forms' field errors read the same way (catalogue, users, offers, quotes…)", async () => {
    await inLanguage("it");
    const error = new ApiError(
      400,
      "invalid_input",
      "name: Too small: expected string to have >=1 characters",
      [
        {
          field: "name",
          message: "Too small: expected string to have >=1 characters",
          params: { issue: "too_small", minimum: 1, origin: "string" },
        },
        { field: "code", message: "is taken" },
        { field: "role", message: "may not use rates" },
      ],
    );
    expect(fieldErrors(error)).toEqual({
      name: "è obbligatorio",
      code: "è già in uso",
      role: "non è valido",
    });
    expect(fieldError(error, "name")).toBe("è obbligatorio");
  });

  it("the page's own checks before sending read the same way (the new offer's form)", async () => {
    await inLanguage("fr");
    const issues = z
      .object({ name: z.string().min(1), email: z.email(), nights: z.number().max(30) })
      .safeParse({ name: "", email: "nope", nights: 31 }).error?.issues;
    expect(issues?.map(issueText)).toEqual([
      "est obligatoire",
      "n'est pas une adresse e-mail valide",
      "doit être d'au plus 30",
    ]);
  });

  it("says a rule of a hotel, a room type or a rate plan by its name, in every language", async () => {
    await inLanguage("de");
    expect(
      detailText({
        message: "must not be before checkInFrom",
        params: { issue: "custom", rule: "check_in_order" },
      }),
    ).toBe("darf nicht vor dem Beginn des Check-ins liegen");
    // A rule this page does not know yet: "is not valid", not the English.
    expect(detailText({ message: "must be blue", params: { issue: "custom", rule: "blue" } })).toBe(
      "ist ungültig",
    );
    // The page's own check of a rule before sending: the domain's schemas add the rule's name as the issue's params.
    const [issue] =
      z
        .object({ maxAdults: z.number() })
        .superRefine((_, ctx) =>
          ctx.addIssue({
            code: "custom",
            path: ["maxAdults"],
            message: "must be at most maxOccupancy",
            params: { rule: "max_adults_at_most_occupancy" },
          }),
        )
        .safeParse({ maxAdults: 3 }).error?.issues ?? [];
    expect(issue && issueText(issue)).toBe("darf höchstens die maximale Belegung sein");
    for (const language of ["en", "it", "de", "fr", "es", "pt", "zh", "ja"]) {
      await inLanguage(language);
      for (const rule of ENTITY_RULES)
        expect(
          i18n.exists(`bo:issues.rules.${rule}`, { lng: language, fallbackLng: false }),
          `${language} ${rule}`,
        ).toBe(true);
    }
  });
});
