import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../lib/api-client";
import { useTrade } from "./trade-context";
import "./trade-account.css";
import { TradeDialog } from "./trade-dialog";
import { TradeField } from "./trade-field";

/** SPEC §8: "Invalid credentials", the lockout and "not enabled" have their own texts; any other failure is "Error during login". */
const KNOWN_ERRORS = new Set([
  "invalid_credentials",
  "trade_not_enabled",
  "trade_awaiting_approval",
  "too_many_attempts",
]);
export const loginErrorCode = (error: unknown): string =>
  error instanceof ApiError && KNOWN_ERRORS.has(error.code) ? error.code : "login_failed";

/** The trade login (SPEC §4, §7 `login.do method=login`): username and password in a modal dialog. */
export function TradeLoginDialog({
  onClose,
  onForgot,
  onSignUp,
}: {
  onClose: () => void;
  /** "Forgot your password?" and "Request an account" (ADR 0033): the dialog gives way to their forms. */
  onForgot?: () => void;
  onSignUp?: () => void;
}) {
  const { t } = useTranslation(["trade", "errors", "trade-account"]);
  const trade = useTrade();
  const titleId = useId();
  const errorId = useId();
  const [username, setUsername] = useState("");
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!trade || busy) return;
    setBusy(true);
    setError(null);
    try {
      await trade.session.logIn(username.trim(), password);
      // The provider closes the dialog once the user is logged in.
      onClose();
    } catch (failure) {
      setError(loginErrorCode(failure));
      setPassword("");
    } finally {
      setBusy(false);
    }
  };

  return (
    <TradeDialog titleId={titleId} title={t("login.title")} closeLabel={t("login.close")} onClose={onClose}>
      <form className="panel-dialog__body" onSubmit={(e) => void submit(e)}>
        <p className="muted">{t("login.intro")}</p>
        <TradeField
          id={`${titleId}-user`}
          label={t("login.username")}
          name="username"
          autoComplete="username"
          value={username}
          onChange={(e) => setUsername(e.target.value)}
          aria-describedby={error ? errorId : undefined}
          required
        />
        <TradeField
          id={`${titleId}-password`}
          label={t("login.password")}
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          aria-describedby={error ? errorId : undefined}
          required
        />
        {error ? (
          <p id={errorId} className="trade-dialog__error" role="alert">
            {t(`errors:${error}`)}
          </p>
        ) : null}
        <button type="submit" className="button" disabled={busy}>
          {busy ? t("login.busy") : t("login.submit")}
        </button>
        {onForgot || onSignUp ? (
          <p className="trade-dialog__links">
            {onForgot ? (
              <button type="button" className="link-button" onClick={onForgot}>
                {t("trade-account:links.forgot")}
              </button>
            ) : null}
            {onSignUp ? (
              <button type="button" className="link-button" onClick={onSignUp}>
                {t("trade-account:links.signUp")}
              </button>
            ) : null}
          </p>
        ) : null}
      </form>
    </TradeDialog>
  );
}

export default TradeLoginDialog;
