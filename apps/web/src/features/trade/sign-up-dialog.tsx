import { PASSWORD_RULES } from "@alloggio/domain/auth/password-policy";
import type { AskApprovalRequest } from "@alloggio/domain/contract/trade/account";
import { type AgencySignUp, signUpProblems } from "@alloggio/domain/trade/agency-rules";
import { type FormEvent, type ReactNode, useId, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../lib/api-client";
import { countryOptions } from "../checkout/regions";
import { useHotel } from "../hotel/hotel-context";
import { askTradeApproval } from "./account-api";
import { PasswordRules } from "./trade-password-dialog";
import "./trade-account.css";
import { TradeDialog } from "./trade-dialog";

type Form = Omit<AgencySignUp, "type" | "vatNumber" | "iataCode"> & {
  type: "1" | "2";
  vatNumber: string;
  iataCode: string;
};
type FieldName = keyof Form;

const EMPTY: Form = {
  type: "1",
  name: "",
  address: "",
  zip: "",
  city: "",
  country: "",
  email: "",
  phone: "",
  referentName: "",
  referentEmail: "",
  vatNumber: "",
  iataCode: "",
  username: "",
  password: "",
  confirmation: "",
};

const POLICY_RULES = new Set<string>(PASSWORD_RULES.filter((r) => r !== "confirmation_mismatch"));
/** A field's error text key: the password's broken rules are listed under it, so they read as one message. */
const errorKey = (code: string) => (POLICY_RULES.has(code) ? "password_policy" : code);

/** Every field's first problem, from the domain's rules or the server's details. */
function byField(problems: { field: string; code: string }[]): Partial<Record<FieldName, string>> {
  const out: Partial<Record<FieldName, string>> = {};
  for (const p of problems) {
    const field = p.field as FieldName;
    if (field in EMPTY && !out[field]) out[field] = errorKey(p.code);
  }
  return out;
}

const SERVER_ALERTS = new Set(["email_taken", "username_taken", "too_many_attempts"]);

/**
 * The trade access request (SPEC §3 "name, type, IATA, VAT, contact person" with the agency data; §7
 * agency/askApproval): the domain's rules checked as on the server (VAT or IATA, the password policy), the server's
 * answer mapped onto the same fields; SPEC §8 "account with this e-mail already exists — contact the property".
 */
export function SignUpDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation(["trade-account", "trade"]);
  const { ids, locale } = useHotel();
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const rulesId = useId();
  const alertId = useId();
  const countries = useMemo(() => countryOptions(locale), [locale]);
  const [form, setForm] = useState<Form>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);

  const set = (name: FieldName) => (value: string) => setForm((f) => ({ ...f, [name]: value }));

  const focusFirst = (fields: Partial<Record<FieldName, string>>) => {
    const first = (Object.keys(EMPTY) as FieldName[]).find((f) => fields[f]);
    if (first) requestAnimationFrame(() => document.getElementById(`${titleId}-${first}`)?.focus());
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setAlert(null);
    const input = { ...form, type: Number(form.type) as 1 | 2 };
    const local = byField(signUpProblems(input));
    setErrors(local);
    if (Object.keys(local).length) {
      setAlert("fix_fields");
      focusFirst(local);
      return;
    }
    setBusy(true);
    try {
      const body: AskApprovalRequest = {
        ...input,
        channel: ids.channel,
        vatNumber: form.vatNumber.trim() || null,
        iataCode: form.iataCode.trim() || null,
      };
      await askTradeApproval(body);
      setDone(true);
    } catch (failure) {
      if (failure instanceof ApiError) {
        const fields = byField(failure.details.map((d) => ({ field: d.field, code: d.message })));
        if (failure.code === "email_taken") fields.email = "email_taken";
        if (failure.code === "username_taken") fields.username = "username_taken";
        setErrors(fields);
        setAlert(
          SERVER_ALERTS.has(failure.code)
            ? failure.code
            : Object.keys(fields).length
              ? "fix_fields"
              : "failed",
        );
        focusFirst(fields);
      } else setAlert("failed");
    } finally {
      setBusy(false);
    }
  };

  const field = (
    name: FieldName,
    options: {
      type?: string;
      autoComplete?: string;
      hint?: string;
      required?: boolean;
      describedBy?: string;
    } = {},
  ) => {
    const id = `${titleId}-${name}`;
    const error = errors[name];
    const described = [
      options.hint ? `${id}-hint` : "",
      error ? `${id}-error` : "",
      options.describedBy ?? "",
    ]
      .filter(Boolean)
      .join(" ");
    return (
      <div className="field">
        <label htmlFor={id}>
          {t(`signUp.${name}`)}
          {options.required === false ? <span className="muted"> {t("optional")}</span> : null}
        </label>
        <input
          id={id}
          name={name}
          type={options.type ?? "text"}
          autoComplete={options.autoComplete}
          value={form[name]}
          onChange={(e) => set(name)(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={described || undefined}
          aria-required={options.required === false ? undefined : true}
        />
        {options.hint ? (
          <span id={`${id}-hint`} className="muted trade-signup__hint">
            {options.hint}
          </span>
        ) : null}
        {error ? (
          <span id={`${id}-error`} className="field__error">
            {t(`errors.${error}`)}
          </span>
        ) : null}
      </div>
    );
  };

  const group = (legend: string, children: ReactNode) => (
    <fieldset className="trade-signup__group">
      <legend>{legend}</legend>
      {children}
    </fieldset>
  );

  return (
    <TradeDialog
      titleId={titleId}
      title={t("signUp.title")}
      closeLabel={t("close")}
      onClose={onClose}
      className="trade-signup"
      dialogRef={dialog}
    >
      {done ? (
        <div className="panel-dialog__body">
          <p role="status">{t("signUp.done")}</p>
          <div className="trade-dialog__actions">
            <button type="button" className="button" onClick={() => dialog.current?.close()}>
              {t("close")}
            </button>
          </div>
        </div>
      ) : (
        <form className="panel-dialog__body" noValidate onSubmit={(e) => void submit(e)}>
          <p className="muted">{t("signUp.intro")}</p>
          {group(
            t("signUp.agency"),
            <>
              <div className="field">
                <label htmlFor={`${titleId}-type`}>{t("signUp.type")}</label>
                <select
                  id={`${titleId}-type`}
                  name="type"
                  value={form.type}
                  onChange={(e) => set("type")(e.target.value)}
                >
                  <option value="1">{t("signUp.types.1")}</option>
                  <option value="2">{t("signUp.types.2")}</option>
                </select>
              </div>
              {field("name", { autoComplete: "organization" })}
              {field("vatNumber", { hint: t("signUp.vatIataHint"), required: false })}
              {field("iataCode", { required: false })}
              {field("address", { autoComplete: "street-address" })}
              {field("zip", { autoComplete: "postal-code" })}
              {field("city", { autoComplete: "address-level2" })}
              <div className="field">
                <label htmlFor={`${titleId}-country`}>{t("signUp.country")}</label>
                <select
                  id={`${titleId}-country`}
                  name="country"
                  autoComplete="country"
                  value={form.country}
                  onChange={(e) => set("country")(e.target.value)}
                  aria-invalid={errors.country ? true : undefined}
                  aria-describedby={errors.country ? `${titleId}-country-error` : undefined}
                  aria-required
                >
                  <option value="">{t("signUp.choose")}</option>
                  {countries.map((option) => (
                    <option key={option.value} value={option.value}>
                      {option.label}
                    </option>
                  ))}
                </select>
                {errors.country ? (
                  <span id={`${titleId}-country-error`} className="field__error">
                    {t(`errors.${errors.country}`)}
                  </span>
                ) : null}
              </div>
              {field("email", { type: "email", autoComplete: "email" })}
              {field("phone", { type: "tel", autoComplete: "tel" })}
            </>,
          )}
          {group(
            t("signUp.contact"),
            <>
              {field("referentName", { autoComplete: "name" })}
              {field("referentEmail", { type: "email", autoComplete: "email" })}
            </>,
          )}
          {group(
            t("signUp.user"),
            <>
              {field("username", { autoComplete: "username", hint: t("signUp.usernameHint") })}
              {field("password", { type: "password", autoComplete: "new-password", describedBy: rulesId })}
              {field("confirmation", { type: "password", autoComplete: "new-password" })}
              <PasswordRules id={rulesId} password={form.password} confirmation={form.confirmation} />
            </>,
          )}
          {alert ? (
            <p id={alertId} className="trade-dialog__error" role="alert">
              {t(`errors.${alert}`)}
            </p>
          ) : null}
          <button type="submit" className="button" disabled={busy}>
            {busy ? t("busy") : t("signUp.submit")}
          </button>
        </form>
      )}
    </TradeDialog>
  );
}

export default SignUpDialog;
