import type { OptionalCategory } from "@alloggio/domain/tracking/consent";
import { useCallback } from "react";
import type { ChannelConsent } from "./use-channel-consent";
import { deleteTrackingCookies, pageReload, withdrawnCategories } from "./withdrawal";

export const ACCEPT_ALL = { analytics: true, marketing: true } as const;
export const REJECT_ALL = { analytics: false, marketing: false } as const;

/**
 * Stores a choice. A withdrawal (a category from on to off) also deletes that category's cookies and reloads the
 * page: scripts already running cannot be unloaded. Returns whether the page is reloading.
 */
export function useDecide(state: ChannelConsent) {
  const { stored, save } = state;
  return useCallback(
    (choice: Record<OptionalCategory, boolean>): boolean => {
      const withdrawn = withdrawnCategories(stored, choice);
      save(choice);
      if (withdrawn.length === 0) return false;
      deleteTrackingCookies(withdrawn);
      pageReload.run();
      return true;
    },
    [stored, save],
  );
}
