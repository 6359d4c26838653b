import { LANGUAGES } from "@alloggio/domain/i18n/languages";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { useNavigateTo } from "../../ui/app-link";
import { useHotel } from "../hotel/hotel-context";
import { pathWithLanguage } from "./language-path";
import "./header-tools.css";

/** The header's choice among the languages of SPEC §3, each named in its own language. */
export function LanguageSelect(props: { language: number; onLanguage: (id: number) => void }) {
  const { t } = useTranslation("global");
  const id = useId();
  return (
    <div className="header-tools__field">
      <label className="visually-hidden" htmlFor={id}>
        {t("language.label")}
      </label>
      <select
        id={id}
        className="header-tools__select"
        value={props.language}
        onChange={(event) => props.onLanguage(Number(event.target.value))}
      >
        {LANGUAGES.map((language) => (
          <option key={language.id} value={language.id} lang={language.lang}>
            {language.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The language of the hotel's pages; switching keeps the page and its query. */
export function LanguageSwitcher() {
  const { ids } = useHotel();
  const navigate = useNavigateTo();
  return (
    <LanguageSelect
      language={ids.language}
      onLanguage={(language) => {
        const next = pathWithLanguage(window.location.pathname, window.location.search, language);
        if (next) navigate(next);
      }}
    />
  );
}
