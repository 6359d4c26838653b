// What every back-office route declares in the API docs, apart from the registry that registers them.
import { ErrorSchema } from "@alloggio/domain/contract/common";

export const BACK_OFFICE_TAG = "back office";

/** The back-office calls made before a session exists; every other one checks the session before its input. */
export const ANONYMOUS_BACK_OFFICE_ROUTES: readonly string[] = [
  "/api/backoffice/sign-in",
  "/api/backoffice/sign-in/totp",
  "/api/backoffice/setup/:token",
  "/api/backoffice/forgot-password",
];
export const backOfficeErrors = {
  400: ErrorSchema,
  401: ErrorSchema,
  403: ErrorSchema,
  404: ErrorSchema,
  409: ErrorSchema,
  422: ErrorSchema,
  429: ErrorSchema,
};
