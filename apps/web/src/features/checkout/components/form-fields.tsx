import type { InputHTMLAttributes, ReactNode } from "react";
import { get, useFormContext, useFormState } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { type CheckoutValues, fieldId } from "../checkout-form";

/** The translated message of an error code on a field; a few fields say it their own way. */
export function useErrorText() {
  const { t } = useTranslation(["checkout", "errors"]);
  return (path: string, code: string) => {
    if (code === "card_required") return t("checkout:payment.cardRequired");
    if (code === "invalid_date" && path.endsWith(".birthDate")) return t("checkout:guests.birthDateInvalid");
    if (code === "invalid_date" && path.endsWith(".arrivalTime"))
      return t("checkout:booker.arrivalTimeInvalid");
    return t(`errors:${code}`, { defaultValue: t("errors:invalid_value") });
  };
}

function useFieldError(name: string) {
  const { errors } = useFormState<CheckoutValues>({ name: name as never });
  const error = get(errors, name) as { message?: string } | undefined;
  return typeof error?.message === "string" ? error.message : null;
}

/** The error line of a field, and what its control's `aria-describedby` names. */
function useFieldWiring(name: string, hint: boolean) {
  const code = useFieldError(name);
  const text = useErrorText();
  const id = fieldId(name);
  const describedBy = [hint ? `${id}-hint` : null, code ? `${id}-error` : null].filter(Boolean).join(" ");
  const error = code ? (
    <span className="field__error" id={`${id}-error`}>
      {text(name, code)}
    </span>
  ) : null;
  return { id, code, error, describedBy: describedBy || undefined };
}

function LabelText({ label, optional }: { label: ReactNode; optional?: boolean | undefined }) {
  const { t } = useTranslation("checkout");
  return (
    <>
      {label}
      {optional ? <span className="field__optional"> {t("optional")}</span> : null}
    </>
  );
}

type TextFieldProps = {
  name: string;
  label: ReactNode;
  optional?: boolean;
  hint?: ReactNode;
  className?: string;
  multiline?: boolean;
} & Pick<
  InputHTMLAttributes<HTMLInputElement>,
  "type" | "autoComplete" | "inputMode" | "placeholder" | "maxLength" | "autoCapitalize" | "spellCheck"
>;

export function TextField({ name, label, optional, hint, className, multiline, ...input }: TextFieldProps) {
  const { register } = useFormContext<CheckoutValues>();
  const { id, code, error, describedBy } = useFieldWiring(name, Boolean(hint));
  const common = {
    id,
    "aria-invalid": code ? true : undefined,
    "aria-describedby": describedBy,
    required: !optional,
    ...register(name as never),
  };
  return (
    <div className={`field${className ? ` ${className}` : ""}`}>
      <label htmlFor={id}>
        <LabelText label={label} optional={optional} />
      </label>
      {multiline ? (
        <textarea rows={3} maxLength={input.maxLength} {...common} />
      ) : (
        <input type="text" {...input} {...common} />
      )}
      {hint ? (
        <span className="field__hint muted" id={`${id}-hint`}>
          {hint}
        </span>
      ) : null}
      {error}
    </div>
  );
}

export function SelectField(props: {
  name: string;
  label: ReactNode;
  optional?: boolean;
  className?: string;
  autoComplete?: string;
  children: ReactNode;
}) {
  const { register } = useFormContext<CheckoutValues>();
  const { id, code, error, describedBy } = useFieldWiring(props.name, false);
  return (
    <div className={`field${props.className ? ` ${props.className}` : ""}`}>
      <label htmlFor={id}>
        <LabelText label={props.label} optional={props.optional} />
      </label>
      <select
        id={id}
        autoComplete={props.autoComplete}
        aria-invalid={code ? true : undefined}
        aria-describedby={describedBy}
        required={!props.optional}
        {...register(props.name as never)}
      >
        {props.children}
      </select>
      {error}
    </div>
  );
}

export function CheckboxField(props: {
  name: string;
  label: ReactNode;
  required?: boolean;
  hint?: ReactNode;
}) {
  const { register } = useFormContext<CheckoutValues>();
  const { id, code, error, describedBy } = useFieldWiring(props.name, Boolean(props.hint));
  return (
    <div className={`check${code ? " check--invalid" : ""}`}>
      <input
        id={id}
        type="checkbox"
        aria-invalid={code ? true : undefined}
        aria-describedby={describedBy}
        required={props.required}
        {...register(props.name as never)}
      />
      <div className="check__text">
        <label htmlFor={id}>{props.label}</label>
        {props.hint ? (
          <span className="field__hint muted" id={`${id}-hint`}>
            {props.hint}
          </span>
        ) : null}
        {error}
      </div>
    </div>
  );
}
