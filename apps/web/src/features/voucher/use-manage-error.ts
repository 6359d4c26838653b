import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import type { ApiError } from "../../lib/api-client";

/** Codes whose wording differs on the voucher from the booking's (`errors:` holds the booking's). */
const VOUCHER_WORDING = new Set(["prices_changed", "reservation_not_found", "check_details", "rate_limited"]);

/**
 * A server refusal in the guest's words: the voucher's own wording where it differs, then `errors:<code>`, then
 * the generic "try again" for anything unknown (a bug, a lost connection).
 */
export function useManageError() {
  const { t, i18n } = useTranslation(["manage", "errors"]);
  return useCallback(
    (error: ApiError) => {
      if (VOUCHER_WORDING.has(error.code)) return t(`manage:error.${error.code}`);
      if (error.code === "network") return t("manage:error.network");
      if (i18n.exists(`errors:${error.code}`)) return t(`errors:${error.code}`);
      return t("manage:error.generic");
    },
    [t, i18n],
  );
}
