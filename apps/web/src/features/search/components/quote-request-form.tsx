import { X } from "lucide-react";
import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import { type FieldErrors, type Resolver, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";

export type QuoteValues = {
  fullName: string;
  email: string;
  emailConfirm: string;
  phone: string;
  message: string;
  privacy: boolean;
};

/** SPEC §5 guest form messages used here: required value, invalid e-mail address, e-mail addresses do not match. */
export type QuoteError = "required" | "email" | "emailMatch";

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The rules of the quote request form, by hand (no schema library in the bundle). */
export function validateQuote(values: QuoteValues): Partial<Record<keyof QuoteValues, QuoteError>> {
  const errors: Partial<Record<keyof QuoteValues, QuoteError>> = {};
  const email = values.email.trim();
  const confirm = values.emailConfirm.trim();
  if (!values.fullName.trim()) errors.fullName = "required";
  if (!email) errors.email = "required";
  else if (!EMAIL.test(email)) errors.email = "email";
  if (!confirm) errors.emailConfirm = "required";
  else if (email.toLowerCase() !== confirm.toLowerCase()) errors.emailConfirm = "emailMatch";
  if (!values.privacy) errors.privacy = "required";
  return errors;
}

const resolver: Resolver<QuoteValues> = async (values) => {
  const found = validateQuote(values);
  const entries = Object.entries(found);
  if (entries.length === 0) return { values, errors: {} };
  const errors: FieldErrors<QuoteValues> = {};
  for (const [name, type] of entries) errors[name as keyof QuoteValues] = { type, message: type };
  return { values: {}, errors };
};

const EMPTY: QuoteValues = {
  fullName: "",
  email: "",
  emailConfirm: "",
  phone: "",
  message: "",
  privacy: false,
};

export type QuoteRequestFormProps = {
  onClose: () => void;
  /** The stay being searched, in words, shown at the top of the form. */
  stay?: string | undefined;
};

/**
 * The quote request form (SPEC §2), in a modal dialog. On a valid submit it says the request is ready: sending it is
 * the manage-booking release's (issue 5), so nothing goes over the network here.
 */
export function QuoteRequestForm({ onClose, stay }: QuoteRequestFormProps) {
  const { t } = useTranslation("search");
  const dialog = useRef<HTMLDialogElement>(null);
  const done = useRef<HTMLParagraphElement>(null);
  const id = useId();
  const [ready, setReady] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<QuoteValues>({ defaultValues: EMPTY, resolver, mode: "onSubmit", reValidateMode: "onChange" });

  useEffect(() => {
    const node = dialog.current;
    if (node && !node.open) {
      if (typeof node.showModal === "function") node.showModal();
      else node.setAttribute("open", "");
    }
  }, []);

  useEffect(() => {
    if (ready) done.current?.focus();
  }, [ready]);

  const field = (name: keyof QuoteValues) => {
    const error = errors[name]?.message as QuoteError | undefined;
    const errorId = `${id}-${name}-error`;
    return {
      id: `${id}-${name}`,
      errorId,
      error: error ? t(`validation.${error}`) : null,
      aria: { "aria-invalid": error ? true : undefined, "aria-describedby": error ? errorId : undefined },
    };
  };

  const renderField = ({
    name,
    label,
    required,
    children,
  }: {
    name: keyof QuoteValues;
    label: string;
    required?: boolean;
    children: (f: ReturnType<typeof field>) => ReactNode;
  }) => {
    const f = field(name);
    return (
      <div className="field quote-form__field">
        <label htmlFor={f.id}>
          {label}{" "}
          <span className="quote-form__need">{required ? t("quote.required") : t("quote.optional")}</span>
        </label>
        {children(f)}
        {f.error ? (
          <p className="field__error" id={f.errorId}>
            {f.error}
          </p>
        ) : null}
      </div>
    );
  };

  const privacy = field("privacy");

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: a click on the backdrop closes; Escape does the same by keyboard
    <dialog
      ref={dialog}
      className="dialog quote-form"
      aria-labelledby={`${id}-title`}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        if (event.target === dialog.current) onClose();
      }}
    >
      <div className="quote-form__header">
        <h2 id={`${id}-title`} className="quote-form__title">
          {t("quote.title")}
        </h2>
        <button type="button" className="search-icon-button" aria-label={t("quote.close")} onClick={onClose}>
          <X aria-hidden="true" size={20} />
        </button>
      </div>
      {ready ? (
        <div className="quote-form__done">
          <p ref={done} role="status" tabIndex={-1}>
            {t("quote.ready")}
          </p>
          <button type="button" className="button" onClick={onClose}>
            {t("quote.close")}
          </button>
        </div>
      ) : (
        <form noValidate onSubmit={handleSubmit(() => setReady(true))} className="quote-form__form">
          <p className="quote-form__intro">{t("quote.intro")}</p>
          {stay ? <p className="quote-form__stay">{stay}</p> : null}
          {renderField({
            name: "fullName",
            label: t("quote.fullName"),
            required: true,
            children: (f) => (
              <input
                id={f.id}
                type="text"
                autoComplete="name"
                maxLength={100}
                aria-required="true"
                {...f.aria}
                {...register("fullName")}
              />
            ),
          })}
          {renderField({
            name: "email",
            label: t("quote.email"),
            required: true,
            children: (f) => (
              <input
                id={f.id}
                type="email"
                autoComplete="email"
                maxLength={254}
                aria-required="true"
                {...f.aria}
                {...register("email")}
              />
            ),
          })}
          {renderField({
            name: "emailConfirm",
            label: t("quote.emailConfirm"),
            required: true,
            children: (f) => (
              <input
                id={f.id}
                type="email"
                autoComplete="email"
                maxLength={254}
                aria-required="true"
                {...f.aria}
                {...register("emailConfirm")}
              />
            ),
          })}
          {renderField({
            name: "phone",
            label: t("quote.phone"),
            children: (f) => (
              <input
                id={f.id}
                type="tel"
                autoComplete="tel"
                maxLength={30}
                {...f.aria}
                {...register("phone")}
              />
            ),
          })}
          {renderField({
            name: "message",
            label: t("quote.message"),
            children: (f) => (
              <textarea id={f.id} rows={4} maxLength={2000} {...f.aria} {...register("message")} />
            ),
          })}
          <div className="quote-form__consent">
            <input
              id={privacy.id}
              type="checkbox"
              aria-required="true"
              {...privacy.aria}
              {...register("privacy")}
            />
            <label htmlFor={privacy.id}>
              {t("quote.privacy")} <span className="quote-form__need">{t("quote.required")}</span>
            </label>
            {privacy.error ? (
              <p className="field__error" id={privacy.errorId}>
                {privacy.error}
              </p>
            ) : null}
          </div>
          <div className="quote-form__actions">
            <button type="button" className="button button--secondary" onClick={onClose}>
              {t("quote.cancel")}
            </button>
            <button type="submit" className="button">
              {t("quote.submit")}
            </button>
          </div>
        </form>
      )}
    </dialog>
  );
}

export default QuoteRequestForm;
