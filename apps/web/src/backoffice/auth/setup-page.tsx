import { useMutation, useQuery } from "@tanstack/react-query";
import { type FormEvent, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "wouter";
import { ApiError } from "../../lib/api-client";
import { AppLink, useNavigateTo } from "../../ui/app-link";
import { boHref } from "../routes";
import { ErrorNotice } from "../ui";
import { getSetup, postSetup } from "./auth-api";
import { NewPasswordFields, rulesOf } from "./password-rules";
import { useSignedIn } from "./sign-in";
import "./auth.css";

/** `/admin/setup/:token`: a first owner or an invited user chooses a password, then is signed in. */
export default function SetupPage() {
  const { t } = useTranslation(["bo-auth", "bo"]);
  const { token = "" } = useParams<{ token: string }>();
  const signedIn = useSignedIn();
  const navigate = useNavigateTo();
  const [password, setPassword] = useState("");
  const [confirmation, setConfirmation] = useState("");

  useEffect(() => {
    document.title = `${t("setup.title")} · ${t("bo:product")}`;
  }, [t]);

  const info = useQuery({
    queryKey: ["backoffice", "setup", token],
    queryFn: () => getSetup(token),
    retry: false,
  });
  const save = useMutation({
    mutationFn: () => postSetup(token, { password, confirmation }),
    onSuccess: (answer) => {
      if (answer.state === "signed_in") signedIn(answer, boHref("boHome", {}));
      else navigate(boHref("boSignIn", {}), { replace: true });
    },
  });
  const broken = rulesOf(save.error);
  const invalid =
    (info.error instanceof ApiError && info.error.status === 404) ||
    (save.error instanceof ApiError && save.error.code === "token_invalid");

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };

  return (
    <main className="bo-sign">
      <div className="bo-sign-card">
        <p className="bo-auth-brand">{t("bo:product")}</p>
        {invalid ? (
          <>
            <h1>{t("setup.invalidTitle")}</h1>
            <p role="alert">{t("setup.invalidText")}</p>
            <AppLink to={boHref("boSignIn", {})}>{t("setup.signInLink")}</AppLink>
          </>
        ) : (
          <>
            <h1>{t("setup.title")}</h1>
            {info.isPending ? <p className="muted">{t("setup.checking")}</p> : null}
            {info.isError ? <ErrorNotice error={info.error} ns="bo-auth" /> : null}
            {info.data ? (
              <>
                <p>{t("setup.for", { email: info.data.email })}</p>
                <form onSubmit={submit} noValidate className="bo-auth-form">
                  <NewPasswordFields
                    labels={{ password: t("setup.password"), confirmation: t("setup.confirmation") }}
                    password={password}
                    confirmation={confirmation}
                    onPassword={setPassword}
                    onConfirmation={setConfirmation}
                    error={save.error}
                  />
                  {save.error && broken.length === 0 ? <ErrorNotice error={save.error} ns="bo-auth" /> : null}
                  {broken.length > 0 ? (
                    <p className="bo-field-error" role="alert">
                      {t("errors.password_policy")}
                    </p>
                  ) : null}
                  <button type="submit" className="bo-button" disabled={save.isPending}>
                    {t("setup.submit")}
                  </button>
                </form>
              </>
            ) : null}
          </>
        )}
      </div>
    </main>
  );
}
