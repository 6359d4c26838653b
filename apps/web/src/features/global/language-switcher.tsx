import { LANGUAGES } from "@alloggio/domain/i18n/languages";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { useNavigateTo } from "../../ui/app-link";
import { useHotel } from "../hotel/hotel-context";
import { pathWithLanguage } from "./language-path";
import "./header-tools.css";

/** The languages of SPEC §3, each named in its own language; switching keeps the page and its query. */
export function LanguageSwitcher() {
  const { t } = useTranslation("global");
  const { ids } = useHotel();
  const navigate = useNavigateTo();
  const id = useId();
  return (
    <div className="header-tools__field">
      <label className="visually-hidden" htmlFor={id}>
        {t("language.label")}
      </label>
      <select
        id={id}
        className="header-tools__select"
        value={ids.language}
        onChange={(event) => {
          const next = pathWithLanguage(
            window.location.pathname,
            window.location.search,
            Number(event.target.value),
          );
          if (next) navigate(next);
        }}
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
