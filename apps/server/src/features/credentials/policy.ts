import { passwordProblems } from "@alloggio/domain/auth/password-policy";
import { AppError } from "../../http/errors";

/**
 * Checks a new password against SPEC §5: 400 `password_policy` with one detail per broken rule (the field, the
 * rule's code as its message), so the form can mark each one.
 */
export function requirePasswordPolicy(
  input: { password: string; confirmation: string; old?: string | undefined },
  fields: { password: string; confirmation: string },
): void {
  const problems = passwordProblems(input);
  if (problems.length === 0) return;
  throw new AppError(
    "password_policy",
    400,
    `${fields.password}: the password breaks the policy (${problems.join(", ")})`,
    problems.map((rule) => ({
      field: rule === "confirmation_mismatch" ? fields.confirmation : fields.password,
      message: rule,
    })),
  );
}
