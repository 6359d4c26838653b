import { useTranslation } from "react-i18next";

/** Text of a slot's guests, with the rooms page's words. */
export function useGuestsText() {
  const { t } = useTranslation("rooms");
  return (slot: { adults: number; ages: readonly number[] }) =>
    slot.ages.length > 0
      ? t("guests.both", {
          adults: t("guests.adults", { count: slot.adults }),
          children: t("guests.children", { count: slot.ages.length }),
        })
      : t("guests.adults", { count: slot.adults });
}
