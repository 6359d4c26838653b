import { PASSWORD_RULES, passwordProblems } from "@alloggio/domain/auth/password-policy";
import { type FormEvent, useId, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "wouter";
import { href } from "../../app/routes";
import { ApiError } from "../../lib/api-client";
import { AppLink } from "../../ui/app-link";
import { PortalShell } from "../portal/portal-shell";
import { resetTradePassword } from "./account-api";
import { NewPasswordFields } from "./trade-password-dialog";
import "./trade.css";
import "./trade-account.css";

/** The token of the mailed link: in the fragment (`#token=…`), which no request carries (ADR 0033). */
export function tokenOfHash(hash: string): string | null {
  const token = new URLSearchParams(hash.replace(/^#/, "")).get("token");
  return token && /^[A-Za-z0-9_-]{16,200}$/.test(token) ? token : null;
}

const POLICY = new Set<string>(PASSWORD_RULES.filter((r) => r !== "confirmation_mismatch"));

function ResetForm({ channel, language }: { channel: number; language: number }) {
  const { t } = useTranslation(["trade-account", "trade"]);
  const id = useId();
  const token = useMemo(() => tokenOfHash(window.location.hash), []);
  const [password, setPassword] = useState("");
  const [confirmation, setConfirmation] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!token || busy) return;
    setError(null);
    const problems = passwordProblems({ password, confirmation });
    if (problems.length) {
      setError(problems.some((p) => POLICY.has(p)) ? "password_policy" : "confirmation_mismatch");
      return;
    }
    setBusy(true);
    try {
      const answer = await resetTradePassword({ token, password, confirmation });
      // The link is spent: take it out of the address bar and the history.
      window.history.replaceState(window.history.state, "", window.location.pathname);
      setDone(answer.username);
    } catch (failure) {
      const code = failure instanceof ApiError ? failure.code : "failed";
      if (code === "password_policy" && failure instanceof ApiError)
        setError(
          failure.details.some((d) => d.message === "same_as_old") ? "same_as_old" : "password_policy",
        );
      else setError(["token_invalid", "too_many_attempts"].includes(code) ? code : "failed");
    } finally {
      setBusy(false);
    }
  };

  const home = href("portalHotelList", { channel, language });
  return (
    <main className="page trade-reset" id="main">
      <h1>{t("reset.title")}</h1>
      {!token ? (
        <p role="alert" className="trade-dialog__error">
          {t("reset.noToken")}
        </p>
      ) : done ? (
        <div className="card trade-reset__card">
          <p role="status">{t("reset.done", { username: done })}</p>
          <AppLink className="button" to={home}>
            {t("reset.logIn")}
          </AppLink>
        </div>
      ) : (
        <form className="card trade-reset__card" onSubmit={(e) => void submit(e)}>
          <p className="muted">{t("reset.intro")}</p>
          <NewPasswordFields
            id={id}
            labels={{ password: t("reset.password"), confirmation: t("reset.confirmation") }}
            password={password}
            confirmation={confirmation}
            onPassword={setPassword}
            onConfirmation={setConfirmation}
            invalid={{
              password: error === "password_policy" || error === "same_as_old",
              confirmation: error === "confirmation_mismatch",
            }}
          />
          {error ? (
            <p className="trade-dialog__error" role="alert">
              {t(`errors.${error}`)}
            </p>
          ) : null}
          <button type="submit" className="button" disabled={busy}>
            {busy ? t("busy") : t("reset.submit")}
          </button>
        </form>
      )}
    </main>
  );
}

/** `/channel/:channel/language/:language/agency/password#token=…` (agencyPasswordReset): the mailed link's page. */
export default function ResetPasswordPage() {
  const params = useParams<{ channel: string; language: string }>();
  const ids = { channel: Number(params.channel), language: Number(params.language) };
  return (
    <PortalShell ids={ids}>
      <ResetForm channel={ids.channel} language={ids.language} />
    </PortalShell>
  );
}
