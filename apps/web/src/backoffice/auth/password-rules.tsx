import { PASSWORD_RULES, type PasswordRule, passwordProblems } from "@alloggio/domain/auth/password-policy";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../lib/api-client";
import { Field } from "../ui";

/** The rules the server named in a `password_policy` answer. */
export function rulesOf(error: unknown): PasswordRule[] {
  if (!(error instanceof ApiError) || error.code !== "password_policy") return [];
  return error.details
    .map((d) => d.message)
    .filter((m): m is PasswordRule => (PASSWORD_RULES as readonly string[]).includes(m));
}

/**
 * The policy of SPEC §5 as a list under the new password: each rule marked met or not as the user types (the
 * server checks it again and names what fails).
 */
export function PasswordRules({
  id,
  password,
  confirmation,
  old,
}: {
  id: string;
  password: string;
  confirmation: string;
  old?: string;
}) {
  const { t } = useTranslation("bo-auth");
  const problems = new Set(passwordProblems({ password, confirmation, old }));
  const shown = PASSWORD_RULES.filter((rule) => rule !== "same_as_old" || old !== undefined);
  return (
    <div id={id} className="bo-hint">
      <p className="bo-auth-rules-title">{t("rules.title")}</p>
      <ul className="bo-auth-rules">
        {shown.map((rule) => {
          const met = password !== "" && !problems.has(rule);
          return (
            <li key={rule} className={met ? "ok" : undefined}>
              <span aria-hidden="true">{met ? "✓ " : "• "}</span>
              {t(`rules.${rule}`)}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/**
 * A new password and its confirmation, with the policy listed under them: the fields of the set-up page and of the
 * password change. `error` is the server's answer, whose broken rules mark the fields.
 */
export function NewPasswordFields({
  labels,
  password,
  confirmation,
  onPassword,
  onConfirmation,
  old,
  error,
}: {
  labels: { password: string; confirmation: string };
  password: string;
  confirmation: string;
  onPassword: (value: string) => void;
  onConfirmation: (value: string) => void;
  old?: string | undefined;
  error: unknown;
}) {
  const { t } = useTranslation("bo-auth");
  const rulesId = useId();
  const broken = rulesOf(error);
  return (
    <>
      <Field
        label={labels.password}
        error={broken.some((r) => r !== "confirmation_mismatch") ? t("errors.password_policy") : undefined}
      >
        {(props) => (
          <input
            {...props}
            aria-describedby={[props["aria-describedby"], rulesId].filter(Boolean).join(" ")}
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={(e) => onPassword(e.target.value)}
            required
          />
        )}
      </Field>
      <Field
        label={labels.confirmation}
        error={broken.includes("confirmation_mismatch") ? t("rules.confirmation_mismatch") : undefined}
      >
        {(props) => (
          <input
            {...props}
            type="password"
            autoComplete="new-password"
            value={confirmation}
            onChange={(e) => onConfirmation(e.target.value)}
            required
          />
        )}
      </Field>
      <PasswordRules
        id={rulesId}
        password={password}
        confirmation={confirmation}
        {...(old !== undefined ? { old } : {})}
      />
    </>
  );
}
