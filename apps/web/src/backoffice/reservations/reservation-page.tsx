import { useTranslation } from "react-i18next";
import { BoPage } from "../ui";

export default function ReservationPage() {
  const { t } = useTranslation("bo");
  return <BoPage title={t("nav.reservations")}>{null}</BoPage>;
}
