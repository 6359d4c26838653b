import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearch } from "wouter";
import { ApiError } from "../../lib/api-client";
import { ErrorNotice, Field } from "../ui";
import { nextPath, postForgotPassword, postSecondFactor, postSignIn, useSignedIn } from "./sign-in";
import "./auth.css";

/** `/admin/sign-in`: e-mail and password, then the second factor when the user has one. */
export default function SignInPage() {
  const { t } = useTranslation(["bo-auth", "bo"]);
  const search = useSearch();
  const next = nextPath(search);
  const signedIn = useSignedIn();
  const [step, setStep] = useState<"password" | "totp" | "forgot">("password");
  const [useRecovery, setUseRecovery] = useState(false);
  const codeRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    document.title = `${t("signIn.title")} · ${t("bo:product")}`;
  }, [t]);

  const password = useMutation({
    mutationFn: postSignIn,
    onSuccess: (answer) => {
      if (answer.state === "signed_in") signedIn(answer, next);
      else setStep("totp");
    },
  });
  const second = useMutation({
    mutationFn: postSecondFactor,
    onSuccess: (answer) => {
      if (answer.state === "signed_in") signedIn(answer, next);
    },
    onError: (error) => {
      // The step waited too long (5 minutes): start again with the password.
      if (error instanceof ApiError && error.code === "staff_sign_in_required") {
        setUseRecovery(false);
        setStep("password");
      }
    },
  });

  useEffect(() => {
    if (step === "totp") codeRef.current?.focus();
  }, [step]);

  const submitPassword = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    second.reset();
    password.mutate({ email: String(form.get("email") ?? ""), password: String(form.get("password") ?? "") });
  };
  const forgot = useMutation({ mutationFn: postForgotPassword });
  const submitForgot = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    forgot.mutate({ email: String(new FormData(event.currentTarget).get("email") ?? "") });
  };
  const submitCode = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = String(new FormData(event.currentTarget).get("code") ?? "").trim();
    second.mutate(useRecovery ? { recoveryCode: value } : { code: value.replace(/\s/g, "") });
  };

  return (
    <main className="bo-sign">
      <div className="bo-sign-card">
        <p className="bo-auth-brand">{t("bo:product")}</p>
        {step === "password" ? (
          <>
            <h1>{t("signIn.title")}</h1>
            <form onSubmit={submitPassword} noValidate className="bo-auth-form">
              <Field label={t("signIn.email")}>
                {(props) => <input {...props} name="email" type="email" autoComplete="username" required />}
              </Field>
              <Field label={t("signIn.password")}>
                {(props) => (
                  <input
                    {...props}
                    name="password"
                    type="password"
                    autoComplete="current-password"
                    required
                  />
                )}
              </Field>
              <ErrorNotice error={password.error ?? second.error} ns="bo-auth" />
              <button type="submit" className="bo-button" disabled={password.isPending}>
                {t("signIn.submit")}
              </button>
            </form>
            <button
              type="button"
              className="bo-link-button"
              onClick={() => {
                forgot.reset();
                setStep("forgot");
              }}
            >
              {t("signIn.forgot")}
            </button>
          </>
        ) : step === "forgot" ? (
          <>
            <h1>{t("signIn.forgotTitle")}</h1>
            <p>{t("signIn.forgotHint")}</p>
            <form onSubmit={submitForgot} noValidate className="bo-auth-form">
              <Field label={t("signIn.email")}>
                {(props) => <input {...props} name="email" type="email" autoComplete="username" required />}
              </Field>
              <ErrorNotice error={forgot.error} ns="bo-auth" />
              <button type="submit" className="bo-button" disabled={forgot.isPending}>
                {t("signIn.forgotSubmit")}
              </button>
            </form>
            <p role="status">
              {forgot.data ? t("signIn.forgotSent", { minutes: forgot.data.validMinutes }) : ""}
            </p>
            <button type="button" className="bo-link-button" onClick={() => setStep("password")}>
              {t("signIn.backToSignIn")}
            </button>
          </>
        ) : (
          <>
            <h1>{t("signIn.totpTitle")}</h1>
            <p>{useRecovery ? t("signIn.recoveryHint") : t("signIn.totpHint")}</p>
            <form onSubmit={submitCode} noValidate className="bo-auth-form" key={useRecovery ? "r" : "c"}>
              <Field label={useRecovery ? t("signIn.recoveryCode") : t("signIn.code")}>
                {(props) => (
                  <input
                    {...props}
                    ref={codeRef}
                    name="code"
                    autoComplete="one-time-code"
                    {...(useRecovery
                      ? {}
                      : { inputMode: "numeric" as const, pattern: "[0-9 ]*", maxLength: 7 })}
                    required
                  />
                )}
              </Field>
              <ErrorNotice error={second.error} ns="bo-auth" />
              <button type="submit" className="bo-button" disabled={second.isPending}>
                {t("signIn.verify")}
              </button>
            </form>
            <button
              type="button"
              className="bo-link-button"
              onClick={() => {
                second.reset();
                setUseRecovery((r) => !r);
                setTimeout(() => codeRef.current?.focus());
              }}
            >
              {useRecovery ? t("signIn.useCode") : t("signIn.useRecovery")}
            </button>
          </>
        )}
      </div>
    </main>
  );
}
