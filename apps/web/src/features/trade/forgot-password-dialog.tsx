import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../lib/api-client";
import { retrieveTradePassword } from "./account-api";
import "./trade-account.css";
import { TradeDialog } from "./trade-dialog";
import { TradeField } from "./trade-field";

/**
 * "Forgot your password?" (SPEC §2 password retrieval, §7 agency/retrievePwd): a username or e-mail, then one
 * neutral answer whatever it names (ADR 0033) — the mail tells the rest.
 */
export function ForgotPasswordDialog({
  channel,
  language,
  onClose,
  onBack,
}: {
  channel: number;
  language: number;
  onClose: () => void;
  onBack: () => void;
}) {
  const { t } = useTranslation("trade-account");
  const titleId = useId();
  const [login, setLogin] = useState("");
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || login.trim() === "") return;
    setBusy(true);
    setError(null);
    try {
      const answer = await retrieveTradePassword({ login: login.trim(), channel, language });
      setSent(answer.validMinutes);
    } catch (failure) {
      setError(failure instanceof ApiError && failure.code === "too_many_attempts" ? failure.code : "failed");
    } finally {
      setBusy(false);
    }
  };

  return (
    <TradeDialog titleId={titleId} title={t("forgot.title")} closeLabel={t("close")} onClose={onClose}>
      {sent !== null ? (
        <div className="panel-dialog__body">
          <p role="status">{t("forgot.sent", { minutes: sent })}</p>
          <div className="trade-dialog__actions">
            <button type="button" className="button" onClick={onBack}>
              {t("forgot.back")}
            </button>
          </div>
        </div>
      ) : (
        <form className="panel-dialog__body" onSubmit={(e) => void submit(e)}>
          <p className="muted">{t("forgot.intro")}</p>
          <TradeField
            id={`${titleId}-login`}
            label={t("forgot.login")}
            name="login"
            autoComplete="username"
            value={login}
            onChange={(e) => setLogin(e.target.value)}
            required
          />
          {error ? (
            <p className="trade-dialog__error" role="alert">
              {t(`errors.${error}`)}
            </p>
          ) : null}
          <div className="trade-dialog__actions">
            <button type="submit" className="button" disabled={busy}>
              {busy ? t("busy") : t("forgot.submit")}
            </button>
            <button type="button" className="button button--secondary" onClick={onBack}>
              {t("forgot.back")}
            </button>
          </div>
        </form>
      )}
    </TradeDialog>
  );
}

export default ForgotPasswordDialog;
