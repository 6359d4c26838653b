import { isValidEmail } from "@alloggio/domain/booking/guest-form";
import { normalizeReservationCode } from "@alloggio/domain/booking/reservation-code";
import { useQueryClient } from "@tanstack/react-query";
import { AlertTriangle } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { type FieldErrors, type Resolver, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { href } from "../../app/routes";
import { ApiError } from "../../lib/api-client";
import { useNavigateTo } from "../../ui/app-link";
import { fetchReservation } from "../voucher/api/use-retrieve";
import "./recover.css";

export type RecoverValues = { code: string; email: string };
export type RecoverError = "required" | "code" | "email";

/** SPEC §5 messages: a required value, a code that cannot be one (16 letters and digits), an invalid e-mail. */
export function validateRecover(values: RecoverValues): Partial<Record<keyof RecoverValues, RecoverError>> {
  const errors: Partial<Record<keyof RecoverValues, RecoverError>> = {};
  if (!values.code.trim()) errors.code = "required";
  else if (!normalizeReservationCode(values.code)) errors.code = "code";
  if (!values.email.trim()) errors.email = "required";
  else if (!isValidEmail(values.email.trim())) errors.email = "email";
  return errors;
}

const resolver: Resolver<RecoverValues> = async (values) => {
  const found = Object.entries(validateRecover(values));
  if (found.length === 0) return { values, errors: {} };
  const errors: FieldErrors<RecoverValues> = {};
  for (const [name, type] of found) errors[name as keyof RecoverValues] = { type, message: type };
  return { values: {}, errors };
};

/** Why the reservation was not opened: wrong details (one answer for a wrong code and a wrong e-mail), or too many tries. */
type Problem = "notFound" | "rateLimited" | "loadError";

function problemOf(error: unknown): Problem {
  const status = error instanceof ApiError ? error.status : 0;
  if (status === 404 || status === 400) return "notFound";
  if (status === 429) return "rateLimited";
  return "loadError";
}

/**
 * Retrieve my reservation (SPEC §2, §6): code and e-mail → `retrieve.do` → the voucher of the reservation's hotel,
 * with the answer already in the cache so the voucher opens at once.
 */
export function RecoverForm({ channel, language }: { channel: number; language: number }) {
  const { t } = useTranslation("recover");
  const id = useId();
  const navigate = useNavigateTo();
  const client = useQueryClient();
  const [problem, setProblem] = useState<Problem | null>(null);
  const problemRef = useRef<HTMLDivElement>(null);
  const {
    register,
    handleSubmit,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<RecoverValues>({
    defaultValues: { code: "", email: "" },
    resolver,
    mode: "onSubmit",
    reValidateMode: "onChange",
    shouldFocusError: true,
  });

  useEffect(() => {
    if (problem) problemRef.current?.focus();
  }, [problem]);

  const onValid = async (values: RecoverValues) => {
    setProblem(null);
    const code = normalizeReservationCode(values.code) ?? values.code.trim();
    const mail = values.email.trim();
    try {
      const reservation = await fetchReservation({ channel, code, mail, language });
      // The voucher page asks with the same key, so it shows this answer without asking retrieve.do again.
      client.setQueryData(["reservation", channel, reservation.code, mail, language], reservation);
      navigate(
        href("voucher", {
          hotel: reservation.hotel.id,
          channel,
          language,
          code: reservation.code,
          email: mail,
        }),
      );
    } catch (error) {
      setProblem(problemOf(error));
      if (problemOf(error) === "notFound") setFocus("code");
    }
  };

  const field = (name: keyof RecoverValues) => {
    const error = errors[name]?.message as RecoverError | undefined;
    const errorId = `${id}-${name}-error`;
    const hintId = `${id}-${name}-hint`;
    return {
      id: `${id}-${name}`,
      errorId,
      hintId,
      error: error ? t(`validation.${error}`) : null,
      aria: {
        "aria-invalid": error ? true : undefined,
        "aria-describedby": [hintId, error ? errorId : null].filter(Boolean).join(" "),
      },
    };
  };
  const code = field("code");
  const email = field("email");

  return (
    <main className="page recover" id="main">
      <h1>{t("title")}</h1>
      <p className="recover__intro">{t("intro")}</p>
      {problem ? (
        <div ref={problemRef} className="recover__problem" role="alert" tabIndex={-1}>
          <AlertTriangle aria-hidden="true" focusable="false" size={20} />
          <p>{t(`problem.${problem}`)}</p>
        </div>
      ) : null}
      <form
        className="recover__form card"
        noValidate
        onSubmit={handleSubmit(onValid)}
        aria-labelledby={`${id}-legend`}
      >
        <h2 id={`${id}-legend`} className="visually-hidden">
          {t("formTitle")}
        </h2>
        <div className="field">
          <label htmlFor={code.id}>{t("code")}</label>
          <input
            id={code.id}
            type="text"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={40}
            aria-required="true"
            {...code.aria}
            {...register("code")}
          />
          <span className="muted field__hint" id={code.hintId}>
            {t("codeHint")}
          </span>
          {code.error ? (
            <p className="field__error" id={code.errorId}>
              {code.error}
            </p>
          ) : null}
        </div>
        <div className="field">
          <label htmlFor={email.id}>{t("email")}</label>
          <input
            id={email.id}
            type="email"
            autoComplete="email"
            maxLength={254}
            aria-required="true"
            {...email.aria}
            {...register("email")}
          />
          <span className="muted field__hint" id={email.hintId}>
            {t("emailHint")}
          </span>
          {email.error ? (
            <p className="field__error" id={email.errorId}>
              {email.error}
            </p>
          ) : null}
        </div>
        <button type="submit" className="button recover__submit" disabled={isSubmitting}>
          {isSubmitting ? t("sending") : t("submit")}
        </button>
      </form>
    </main>
  );
}
