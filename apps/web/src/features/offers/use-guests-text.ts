import { useTranslation } from "react-i18next";

/** Adults and children of a room, in words. */
export function useGuestsText() {
  const { t } = useTranslation("offers");
  return (room: { adults: number; ages: readonly number[] }) => {
    const adults = t("room.adults", { count: room.adults });
    if (room.ages.length === 0) return adults;
    return `${adults}, ${t("room.children", { count: room.ages.length, ages: room.ages.join(", ") })}`;
  };
}

const MEAL_PLANS = ["room_only", "breakfast", "half_board", "full_board", "all_inclusive", "unspecified"];

/** A rate's meal plan code in words (the rooms page's own texts). */
export function useMealText() {
  const { t } = useTranslation("rooms");
  return (code: string) => t(`meal.${MEAL_PLANS.includes(code) ? code : "unspecified"}`);
}
