import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useHotel } from "../../hotel/hotel-context";
import { countryOptions, dialCodeOptions } from "../regions";
import { SelectField, TextField } from "./form-fields";

/** SPEC §3 Booker: who books, how to reach them, where they live, when they arrive. */
export function BookerSection(props: { addressMandatory: boolean; cityMandatory: boolean }) {
  const { t } = useTranslation("checkout");
  const { locale } = useHotel();
  const countries = useMemo(() => countryOptions(locale), [locale]);
  const dialCodes = useMemo(() => dialCodeOptions(locale), [locale]);
  return (
    <section className="checkout-section card" aria-labelledby="booker-title">
      <h2 id="booker-title">{t("booker.title")}</h2>
      <div className="form-grid">
        <TextField
          name="booker.fullname"
          label={t("booker.fullname")}
          autoComplete="name"
          className="span-2"
        />
        <TextField
          name="booker.email"
          label={t("booker.email")}
          type="email"
          autoComplete="email"
          inputMode="email"
          spellCheck={false}
          hint={t("booker.emailHint")}
        />
        <TextField
          name="booker.emailConfirm"
          label={t("booker.emailConfirm")}
          type="email"
          autoComplete="email"
          inputMode="email"
          spellCheck={false}
        />
        <TextField
          name="booker.alternativeEmail"
          label={t("booker.alternativeEmail")}
          type="email"
          autoComplete="off"
          inputMode="email"
          spellCheck={false}
          optional
        />
        <fieldset className="phone span-2">
          <legend>{t("booker.phoneLegend")}</legend>
          <div className="phone__row">
            <SelectField
              name="booker.phone.dialCode"
              label={t("booker.dialCode")}
              autoComplete="tel-country-code"
            >
              {dialCodes.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </SelectField>
            <TextField
              name="booker.phone.number"
              label={t("booker.phone")}
              type="tel"
              autoComplete="tel-national"
              inputMode="tel"
            />
          </div>
        </fieldset>
        <TextField
          name="booker.address"
          label={t("booker.address")}
          autoComplete="street-address"
          optional={!props.addressMandatory}
          className="span-2"
        />
        <TextField
          name="booker.city"
          label={t("booker.city")}
          autoComplete="address-level2"
          optional={!props.cityMandatory}
        />
        <TextField name="booker.cap" label={t("booker.cap")} autoComplete="postal-code" optional />
        <SelectField name="booker.country" label={t("booker.country")} autoComplete="country">
          <option value="">{t("choose")}</option>
          {countries.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </SelectField>
        <TextField
          name="booker.cf"
          label={t("booker.cf")}
          autoCapitalize="characters"
          spellCheck={false}
          optional
          hint={t("booker.cfHint")}
        />
        <TextField
          name="booker.arrivalTime"
          label={t("booker.arrivalTime")}
          type="time"
          optional
          hint={t("booker.arrivalTimeHint")}
        />
        <TextField
          name="booker.note"
          label={t("booker.note")}
          multiline
          maxLength={1000}
          optional
          className="span-2"
        />
      </div>
    </section>
  );
}
