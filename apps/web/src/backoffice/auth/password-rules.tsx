import { PASSWORD_RULES, type PasswordRule, passwordProblems } from "@alloggio/domain/auth/password-policy";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../lib/api-client";

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
