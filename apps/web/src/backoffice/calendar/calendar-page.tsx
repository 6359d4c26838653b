import { useTranslation } from "react-i18next";
import { BoPage } from "../ui";

export default function CalendarPage() {
  const { t } = useTranslation("bo");
  return <BoPage title={t("nav.calendar")}>{null}</BoPage>;
}
