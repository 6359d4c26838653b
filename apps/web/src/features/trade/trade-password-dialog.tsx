import { PASSWORD_RULES, type PasswordRule, passwordProblems } from "@alloggio/domain/auth/password-policy";
import type { TradePasswordChangeRequest } from "@alloggio/domain/contract/trade/agency";
import type { TradeUser } from "@alloggio/domain/contract/trade/login";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../lib/api-client";
import { changeTradePassword } from "./trade-api";
import { useTrade } from "./trade-context";
import { TradeField } from "./trade-field";

/** The rules the server named in a `password_policy` answer. */
function rulesOf(error: unknown): PasswordRule[] {
  if (!(error instanceof ApiError) || error.code !== "password_policy") return [];
  return error.details
    .map((d) => d.message)
    .filter((m): m is PasswordRule => (PASSWORD_RULES as readonly string[]).includes(m));
}

const KNOWN_ERRORS = new Set([
  "password_policy",
  "wrong_password",
  "too_many_attempts",
  "trade_login_required",
]);

/** The policy of SPEC §5 (the domain's, as the back office lists it), each rule marked met as the user types. */
export function PasswordRules({
  id,
  password,
  confirmation,
  old,
}: Record<"id" | "password" | "confirmation", string> & { old?: string }) {
  const { t } = useTranslation("trade");
  const problems = new Set(passwordProblems({ password, confirmation, old }));
  return (
    <div id={id} className="trade-rules">
      <p>{t("password.rulesTitle")}</p>
      <ul>
        {/* Without a current password (a sign-up, a reset by link) there is none to differ from. */}
        {PASSWORD_RULES.filter((rule) => old !== undefined || rule !== "same_as_old").map((rule) => {
          const met = password !== "" && !problems.has(rule);
          return (
            <li key={rule} className={met ? "ok" : undefined}>
              <span aria-hidden="true">{met ? "✓ " : "• "}</span>
              {t(`password.rules.${rule}`)}
              {met ? <span className="visually-hidden"> {t("password.met")}</span> : null}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/**
 * A new password and its confirmation, with the policy's rules marked as the user types; `id` prefixes their ids.
 * `invalid` marks the field the server refused.
 */
export function NewPasswordFields(props: {
  id: string;
  labels: { password: string; confirmation: string };
  password: string;
  confirmation: string;
  onPassword: (value: string) => void;
  onConfirmation: (value: string) => void;
  invalid: { password: boolean; confirmation: boolean };
  old?: string;
}) {
  return (
    <>
      <TradeField
        id={`${props.id}-password`}
        label={props.labels.password}
        type="password"
        autoComplete="new-password"
        value={props.password}
        onChange={(e) => props.onPassword(e.target.value)}
        aria-describedby={`${props.id}-rules`}
        aria-invalid={props.invalid.password || undefined}
        required
      />
      <TradeField
        id={`${props.id}-confirmation`}
        label={props.labels.confirmation}
        type="password"
        autoComplete="new-password"
        value={props.confirmation}
        onChange={(e) => props.onConfirmation(e.target.value)}
        aria-invalid={props.invalid.confirmation || undefined}
        required
      />
      <PasswordRules
        id={`${props.id}-rules`}
        password={props.password}
        confirmation={props.confirmation}
        old={props.old}
      />
    </>
  );
}

/**
 * The password change. Forced (SPEC §4 "an expired password leads to a forced change"): after a login answering
 * `mustChangePassword`, before anything else; it cannot be dismissed, the user may log out instead. Chosen (with
 * `onClose`, from the agency area): it can be cancelled, and tells `onClose(true)` once the password is changed.
 */
export function TradePasswordDialog({ onClose }: { onClose?: (changed: boolean) => void } = {}) {
  const { t } = useTranslation(["trade", "errors"]);
  const trade = useTrade();
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const errorId = useId();
  const [current, setCurrent] = useState("");
  const [password, setPassword] = useState("");
  const [confirmation, setConfirmation] = useState("");
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal?.();
  }, []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!trade?.user || busy) return;
    setError(null);
    if (passwordProblems({ password, confirmation, old: current }).length > 0) {
      setError(new ApiError(400, "password_policy", "policy", []));
      return;
    }
    setBusy(true);
    try {
      const body: TradePasswordChangeRequest = {
        currentPassword: current,
        newPassword: password,
        confirmation,
      };
      const answer = await changeTradePassword(body, trade.user.csrfToken);
      if (answer.user.id !== 0) trade.session.replaceUser(answer.user as TradeUser);
      onClose?.(true);
    } catch (failure) {
      setError(failure);
      if (failure instanceof ApiError && failure.code === "trade_login_required")
        await trade.session.logOut();
    } finally {
      setBusy(false);
    }
  };

  const code =
    error instanceof ApiError
      ? KNOWN_ERRORS.has(error.code)
        ? error.code
        : "failed"
      : error
        ? "failed"
        : null;
  const broken = rulesOf(error);

  return (
    <dialog
      ref={dialog}
      className="dialog panel-dialog trade-dialog"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose?.(false);
      }}
    >
      <div className="panel-dialog__header">
        <h2 id={titleId} className="panel-dialog__title">
          {t("password.title")}
        </h2>
      </div>
      <form className="panel-dialog__body" onSubmit={(e) => void submit(e)}>
        <p className="muted">{t(onClose ? "password.introChosen" : "password.intro")}</p>
        <TradeField
          id={`${titleId}-current`}
          label={t("password.current")}
          type="password"
          autoComplete="current-password"
          value={current}
          onChange={(e) => setCurrent(e.target.value)}
          aria-invalid={code === "wrong_password" || undefined}
          required
        />
        <NewPasswordFields
          id={titleId}
          labels={{ password: t("password.new"), confirmation: t("password.confirmation") }}
          password={password}
          confirmation={confirmation}
          onPassword={setPassword}
          onConfirmation={setConfirmation}
          invalid={{
            password: broken.some((r) => r !== "confirmation_mismatch"),
            confirmation: broken.includes("confirmation_mismatch"),
          }}
          old={current}
        />
        {code ? (
          <p id={errorId} className="trade-dialog__error" role="alert">
            {code === "too_many_attempts" ? t("errors:too_many_attempts") : t(`password.errors.${code}`)}
          </p>
        ) : null}
        <div className="trade-dialog__actions">
          <button type="submit" className="button" disabled={busy}>
            {t("password.submit")}
          </button>
          {onClose ? (
            <button type="button" className="button button--secondary" onClick={() => onClose(false)}>
              {t("password.cancel")}
            </button>
          ) : (
            <button
              type="button"
              className="button button--secondary"
              onClick={() => void trade?.session.logOut()}
            >
              {t("header.logout")}
            </button>
          )}
        </div>
      </form>
    </dialog>
  );
}

export default TradePasswordDialog;
