import type { SignInResponse } from "@alloggio/domain/contract/backoffice/auth";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { useNavigateTo } from "../../ui/app-link";
import { boPost, setCsrfToken } from "../api";
import { useBoLanguage } from "../language";
import { boHref } from "../routes";
import { ME_QUERY } from "../staff";

/** Where to go after signing in: `?next=` when it is a back-office path (never another site), else the start page. */
export function nextPath(search: string): string {
  const next = new URLSearchParams(search).get("next");
  if (next && /^\/admin(\/|$|\?)/.test(next) && !next.startsWith("/admin/sign-in")) return next;
  return boHref("boHome", {});
}

/** Takes a `signed_in` answer: remembers the CSRF token and who is signed in, and opens `next`. */
export function useSignedIn(): (
  answer: Extract<SignInResponse, { state: "signed_in" }>,
  next: string,
) => void {
  const queryClient = useQueryClient();
  const navigate = useNavigateTo();
  const [, setLanguage] = useBoLanguage();
  return useCallback(
    (answer, next) => {
      setCsrfToken(answer.me.csrfToken);
      // The language saved in the user's profile wins at sign-in over whatever this browser last showed.
      setLanguage(answer.me.language);
      queryClient.clear();
      queryClient.setQueryData(ME_QUERY, answer.me);
      navigate(next, { replace: true });
    },
    [queryClient, navigate, setLanguage],
  );
}

export const postSignIn = (body: { email: string; password: string }) =>
  boPost<SignInResponse>("sign-in", body);
/** "Forgot your password?": the same answer whatever the e-mail (a link is mailed if an account uses it). */
export const postForgotPassword = (body: { email: string }) =>
  boPost<{ accepted: true; validMinutes: number }>("forgot-password", body);
export const postSecondFactor = (body: { code: string } | { recoveryCode: string }) =>
  boPost<SignInResponse>("sign-in/totp", body);
