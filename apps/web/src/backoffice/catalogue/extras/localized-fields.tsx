import { useId } from "react";
import { useTranslation } from "react-i18next";

/** The languages hotel texts are written in; English is required, the others fall back to it. */
export const TEXT_LANGUAGES = ["en", "it", "de", "fr", "es", "pt", "ja", "zh"] as const;

export type Localized = Record<string, string>;

/**
 * One input per language for a text of the hotel (a name, a description): English first and required, the other
 * languages in a group that opens on demand (and opens by itself when one of them is written).
 */
export function LocalizedFields({
  label,
  value,
  onChange,
  error,
  multiline = false,
  required = false,
}: {
  label: string;
  value: Localized;
  onChange: (value: Localized) => void;
  error?: string | undefined;
  multiline?: boolean;
  required?: boolean;
}) {
  const { t } = useTranslation("bo-extras");
  const id = useId();
  const set = (language: string, text: string) => onChange({ ...value, [language]: text });
  const input = (language: string) => {
    const props = {
      id: `${id}-${language}`,
      value: value[language] ?? "",
      lang: language,
      ...(language === "en" && required ? { required: true } : {}),
      ...(language === "en" && error ? { "aria-invalid": true, "aria-describedby": `${id}-error` } : {}),
    };
    return multiline ? (
      <textarea {...props} rows={3} onChange={(e) => set(language, e.target.value)} />
    ) : (
      <input {...props} type="text" onChange={(e) => set(language, e.target.value)} />
    );
  };
  const others = TEXT_LANGUAGES.filter((l) => l !== "en");
  const written = others.filter((l) => (value[l] ?? "").trim() !== "").length;
  return (
    <fieldset className="bo-localized">
      <legend>{label}</legend>
      <div className="bo-field">
        <label htmlFor={`${id}-en`}>{t("languages.en")}</label>
        {input("en")}
        {error ? (
          <p id={`${id}-error`} className="bo-field-error">
            {error}
          </p>
        ) : null}
      </div>
      <details open={written > 0}>
        <summary>{t("form.otherLanguages", { count: written, total: others.length })}</summary>
        {others.map((language) => (
          <div className="bo-field" key={language}>
            <label htmlFor={`${id}-${language}`}>{t(`languages.${language}`)}</label>
            {input(language)}
          </div>
        ))}
      </details>
    </fieldset>
  );
}

/** The text of a hotel's multilingual value in a language, falling back to English. */
export function textIn(value: Localized | undefined, language: string): string {
  if (!value) return "";
  const short = language.slice(0, 2);
  return (value[short] ?? "").trim() || value.en || "";
}
