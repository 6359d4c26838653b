import { useTranslation } from "react-i18next";
import { useHotel } from "../hotel/hotel-context";

/** Room search and results: the search bar, rooms and rates per slot, the no-availability page. */
export function RoomsPage() {
  const { t } = useTranslation("common");
  const { hotel } = useHotel();
  return (
    <main className="page" id="main">
      <h1>{hotel.name}</h1>
      <p>{t("loading")}</p>
    </main>
  );
}
