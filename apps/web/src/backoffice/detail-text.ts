import type { ErrorDetail } from "@alloggio/domain/contract/common";
import { i18n } from "../i18n/i18n";

// What a refused field's detail says to a person, in the page's language: the check that failed (the schema's
// issue and its limits, a rule of a hotel, room type or rate plan by its name, or one of the server's few stable
// words), else "is not valid". The server's English
// message is for developers and the API (ADR 0067), never shown.

/** The server's stable one-word details and the text each reads as. */
const WORDS: Record<string, string> = {
  required: "required",
  "is missing": "required",
  unknown: "unknown",
  "is taken": "taken",
};

export function detailText(detail: Pick<ErrorDetail, "message" | "params">): string {
  const t = (key: string, options?: Record<string, unknown>) => i18n.t(`bo:${key}`, options ?? {});
  const p = detail.params ?? {};
  const min = typeof p.minimum === "number" ? p.minimum : undefined;
  const max = typeof p.maximum === "number" ? p.maximum : undefined;
  const list = p.origin === "array" || p.origin === "set";
  switch (p.issue) {
    case "too_small":
      if (p.origin === "string")
        return min === 1 ? t("issues.required") : t("issues.tooShort", { minimum: min });
      return list ? t("issues.tooFewItems", { minimum: min }) : t("issues.tooSmall", { minimum: min });
    case "too_big":
      if (p.origin === "string") return t("issues.tooLong", { maximum: max });
      return list ? t("issues.tooManyItems", { maximum: max }) : t("issues.tooBig", { maximum: max });
    case "invalid_format":
      return p.format === "email" ? t("issues.email") : t("errors.fieldInvalid");
    case "invalid_type":
      return /received undefined/.test(detail.message) ? t("issues.required") : t("errors.fieldInvalid");
    case "custom":
      // A rule of a hotel, room type or rate plan (the domain's ENTITY_RULES), in the page's words.
      if (typeof p.rule === "string")
        return t(`issues.rules.${p.rule}`, { defaultValue: t("errors.fieldInvalid") });
  }
  const word = WORDS[detail.message];
  return word ? t(`issues.${word}`) : t("errors.fieldInvalid");
}

/** A zod issue of the page's own check (before sending) as the same words: the server sends the same facts. */
export function issueText(issue: { code: string; message: string }): string {
  const raw = issue as unknown as Record<string, unknown>;
  const params: NonNullable<ErrorDetail["params"]> = { issue: issue.code };
  for (const key of ["minimum", "maximum"] as const)
    if (typeof raw[key] === "number" || typeof raw[key] === "bigint") params[key] = Number(raw[key]);
  for (const key of ["origin", "format", "expected"] as const)
    if (typeof raw[key] === "string") params[key] = raw[key] as string;
  const rule = (raw.params as Record<string, unknown> | undefined)?.rule;
  if (typeof rule === "string") params.rule = rule;
  return detailText({ message: issue.message, params });
}
