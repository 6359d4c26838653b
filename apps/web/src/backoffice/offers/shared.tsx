import type { OfferState } from "@alloggio/domain/offers/offer-state";
import { useTranslation } from "react-i18next";

/** An offer's state as a badge: the colour says open (locked, viewed), done well (confirmed) or ended. */
export function OfferStateBadge({ state }: { state: OfferState }) {
  const { t } = useTranslation("bo-offers");
  return <span className={`bo-badge bo-offer-state bo-offer-${state}`}>{t(`state.${state}`)}</span>;
}

/** The 8 guest languages of SPEC §3 an offer may speak (Russian reads English and is not offered). */
export const OFFER_LANGUAGE_IDS = [1, 2, 3, 4, 5, 6, 8, 9] as const;
