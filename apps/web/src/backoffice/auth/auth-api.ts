import type { StaffMe } from "@alloggio/domain/contract/backoffice/access";
import type {
  AccountUpdateRequest,
  PasswordChangeRequest,
  SetupInfo,
  SetupRequest,
  SignInResponse,
  TotpConfirmResponse,
  TotpEnrolment,
} from "@alloggio/domain/contract/backoffice/auth";
import { boGet, boPatch, boPost } from "../api";

// The calls of the set-up and account pages (ADR 0025).

const token = (value: string) => `setup/${encodeURIComponent(value)}`;

export const getSetup = (value: string) => boGet<SetupInfo>(token(value));
export const postSetup = (value: string, body: SetupRequest) => boPost<SignInResponse>(token(value), body);
export const patchAccount = (body: AccountUpdateRequest) => boPatch<StaffMe>("account", body);
export const postPassword = (body: PasswordChangeRequest) => boPost<void>("account/password", body);
export const postTotpEnrol = () => boPost<TotpEnrolment>("account/totp", {});
export const postTotpConfirm = (code: string) =>
  boPost<TotpConfirmResponse>("account/totp/confirm", { code });
export const postTotpDisable = (password: string) => boPost<void>("account/totp/disable", { password });
