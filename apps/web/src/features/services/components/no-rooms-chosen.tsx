import { useTranslation } from "react-i18next";
import { href } from "../../../app/routes";
import type { QueryValue } from "../../../lib/api-client";
import { AppLink } from "../../../ui/app-link";
import { useHotel } from "../../hotel/hotel-context";

/** Shown when no room is chosen for this search: back to the rooms. */
export function NoRoomsChosen({ query }: { query: Record<string, QueryValue> }) {
  const { t } = useTranslation("services");
  const { ids } = useHotel();
  return (
    <div className="card empty-state booking-empty">
      <p>{t("noRooms.text")}</p>
      <AppLink className="button" to={href("rooms", ids, query)}>
        {t("noRooms.link")}
      </AppLink>
    </div>
  );
}
