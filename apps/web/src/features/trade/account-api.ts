import type {
  AskApprovalRequest,
  AskApprovalResponse,
  ResetPasswordRequest,
  ResetPasswordResponse,
  RetrievePasswordRequest,
  RetrievePasswordResponse,
} from "@alloggio/domain/contract/trade/account";
import { postJson } from "../../lib/api-client";

// The trade accounts' public calls (SPEC §7 agency/retrievePwd, agency/askApproval; ADR 0033).

export const retrieveTradePassword = (body: RetrievePasswordRequest) =>
  postJson<RetrievePasswordResponse>("agency/retrievePwd", body);

export const resetTradePassword = (body: ResetPasswordRequest) =>
  postJson<ResetPasswordResponse>("agency/resetPwd", body);

export const askTradeApproval = (body: AskApprovalRequest) =>
  postJson<AskApprovalResponse>("agency/askApproval", body);
