import { useId } from "react";
import { useTranslation } from "react-i18next";
import type { TransferDetails } from "../chosen-services";

/** SPEC §3 Transfer detail: arrival time, place code, flight, train or boat number, and a note. */
export function TransferFields(props: {
  serviceName: string;
  value: TransferDetails;
  onChange: (value: TransferDetails) => void;
}) {
  const { t } = useTranslation("services");
  const id = useId();
  const set = (key: keyof TransferDetails) => (event: { target: { value: string } }) =>
    props.onChange({ ...props.value, [key]: event.target.value });
  return (
    <fieldset className="transfer">
      <legend>{t("transfer.legend", { name: props.serviceName })}</legend>
      <p className="muted transfer__hint">{t("transfer.hint")}</p>
      <div className="transfer__grid">
        <div className="field">
          <label htmlFor={`${id}-time`}>{t("transfer.time")}</label>
          <input id={`${id}-time`} type="time" value={props.value.time} onChange={set("time")} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-place`}>{t("transfer.placeCode")}</label>
          <input
            id={`${id}-place`}
            value={props.value.placeCode}
            maxLength={20}
            autoCapitalize="characters"
            aria-describedby={`${id}-place-hint`}
            onChange={set("placeCode")}
          />
          <span id={`${id}-place-hint`} className="muted field__hint">
            {t("transfer.placeCodeHint")}
          </span>
        </div>
        <div className="field">
          <label htmlFor={`${id}-number`}>{t("transfer.transportNumber")}</label>
          <input
            id={`${id}-number`}
            value={props.value.transportNumber}
            maxLength={20}
            autoCapitalize="characters"
            onChange={set("transportNumber")}
          />
        </div>
        <div className="field transfer__note">
          <label htmlFor={`${id}-note`}>{t("transfer.note")}</label>
          <textarea
            id={`${id}-note`}
            rows={2}
            maxLength={500}
            value={props.value.note}
            onChange={set("note")}
          />
        </div>
      </div>
    </fieldset>
  );
}
