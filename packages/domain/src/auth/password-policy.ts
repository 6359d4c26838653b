// The password policy of SPEC §5, shared by the back office and the trade customers' login.

export const PASSWORD_MIN_LENGTH = 8;

/** The rules, in the order a form lists them. */
export const PASSWORD_RULES = [
  "too_short",
  "no_upper",
  "no_lower",
  "no_digit",
  "no_special",
  "same_as_old",
  "confirmation_mismatch",
] as const;
export type PasswordRule = (typeof PASSWORD_RULES)[number];

/**
 * The rules a new password breaks (empty: acceptable): at least 8 characters, an upper-case and a lower-case
 * letter, a digit and a special character (anything that is neither a letter nor a digit); different from the old
 * one, when it is known; equal to its confirmation, when one is given.
 */
export function passwordProblems(input: {
  password: string;
  confirmation?: string | undefined;
  old?: string | undefined;
}): PasswordRule[] {
  const { password, confirmation, old } = input;
  const problems: PasswordRule[] = [];
  if ([...password].length < PASSWORD_MIN_LENGTH) problems.push("too_short");
  if (!/\p{Lu}/u.test(password)) problems.push("no_upper");
  if (!/\p{Ll}/u.test(password)) problems.push("no_lower");
  if (!/\p{Nd}/u.test(password)) problems.push("no_digit");
  if (!/[^\p{L}\p{Nd}]/u.test(password)) problems.push("no_special");
  if (old !== undefined && old === password) problems.push("same_as_old");
  if (confirmation !== undefined && confirmation !== password) problems.push("confirmation_mismatch");
  return problems;
}
