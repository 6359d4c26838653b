import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { SelectField, TextField } from "../checkout/components/form-fields";
import { countryOptions } from "../checkout/regions";
import { useHotel } from "../hotel/hotel-context";

/**
 * SPEC §3 Agency data of a trade booking (ADR 0031): prefilled from the logged account, editable for
 * this booking; at least one of VAT number and IATA code (SPEC §5, the domain's `validateBookingAgency`).
 */
export function AgencySection() {
  const { t } = useTranslation("trade-booking");
  const { locale } = useHotel();
  const countries = useMemo(() => countryOptions(locale), [locale]);
  const field = (name: string) => `agency.${name}`;
  return (
    <section className="checkout-section card" aria-labelledby="agency-title">
      <h2 id="agency-title">{t("agency.title")}</h2>
      <p className="muted section-note" id="agency-intro">
        {t("agency.intro")}
      </p>
      <div className="form-grid">
        <TextField
          name={field("fullname")}
          label={t("agency.fullname")}
          autoComplete="organization"
          className="span-2"
        />
        <SelectField name={field("type")} label={t("agency.type")}>
          <option value="1">{t("agency.type1")}</option>
          <option value="2">{t("agency.type2")}</option>
        </SelectField>
        <TextField name={field("code")} label={t("agency.code")} optional hint={t("agency.codeHint")} />
        <TextField
          name={field("vatNumber")}
          label={t("agency.vatNumber")}
          autoCapitalize="characters"
          spellCheck={false}
        />
        <TextField
          name={field("iataCode")}
          label={t("agency.iataCode")}
          autoCapitalize="characters"
          spellCheck={false}
        />
        <TextField name={field("address")} label={t("agency.address")} optional className="span-2" />
        <TextField name={field("cap")} label={t("agency.cap")} optional />
        <TextField name={field("city")} label={t("agency.city")} optional />
        <SelectField name={field("country")} label={t("agency.country")} optional>
          <option value="">—</option>
          {countries.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </SelectField>
        <TextField name={field("phone")} label={t("agency.phone")} optional type="tel" />
        <TextField name={field("mail")} label={t("agency.mail")} optional type="email" />
        <TextField name={field("referentName")} label={t("agency.referentName")} optional />
        <TextField name={field("referentMail")} label={t("agency.referentMail")} optional type="email" />
      </div>
    </section>
  );
}
