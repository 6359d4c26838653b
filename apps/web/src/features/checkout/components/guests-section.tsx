import { useTranslation } from "react-i18next";
import { type GuestSlot, occupantsOf } from "../checkout-form";
import { SelectField, TextField } from "./form-fields";

/** SPEC §3 Guest, per room: names (optional or mandatory by the hotel), birth date dd/mm/yyyy and sex. */
export function GuestsSection(props: { slots: readonly GuestSlot[]; mandatory: boolean }) {
  const { t } = useTranslation("checkout");
  return (
    <section className="checkout-section card" aria-labelledby="guests-title">
      <h2 id="guests-title">{t("guests.title")}</h2>
      <p className="muted section-note">{props.mandatory ? t("guests.mandatory") : t("guests.optional")}</p>
      {props.slots.map((slot, r) => (
        <fieldset key={`${slot.id}-${slot.arrival ?? ""}`} className="guest-room">
          <legend>{t("guests.room", { index: r + 1, room: slot.selectedRoom.name })}</legend>
          {Array.from({ length: occupantsOf(slot) }, (_, g) => {
            const child = g >= slot.adults;
            const base = `rooms.${r}.guests.${g}`;
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: a guest is its position in the room
              <fieldset key={g} className="guest">
                <legend>
                  {child
                    ? t("guests.child", { index: g - slot.adults + 1, age: slot.ages[g - slot.adults] })
                    : t("guests.adult", { index: g + 1 })}
                </legend>
                <div className="form-grid form-grid--guest">
                  <TextField
                    name={`${base}.firstName`}
                    label={t("guests.firstName")}
                    autoComplete={r === 0 && g === 0 ? "given-name" : "off"}
                    optional={!props.mandatory}
                  />
                  <TextField
                    name={`${base}.lastName`}
                    label={t("guests.lastName")}
                    autoComplete={r === 0 && g === 0 ? "family-name" : "off"}
                    optional={!props.mandatory}
                  />
                  <TextField
                    name={`${base}.birthDate`}
                    label={t("guests.birthDate")}
                    inputMode="numeric"
                    placeholder={t("guests.birthDatePlaceholder")}
                    hint={t("guests.birthDateHint")}
                    maxLength={10}
                    optional
                  />
                  <SelectField name={`${base}.sex`} label={t("guests.sex")} optional>
                    <option value="">{t("guests.sexUnset")}</option>
                    <option value="female">{t("guests.female")}</option>
                    <option value="male">{t("guests.male")}</option>
                  </SelectField>
                </div>
              </fieldset>
            );
          })}
        </fieldset>
      ))}
    </section>
  );
}
