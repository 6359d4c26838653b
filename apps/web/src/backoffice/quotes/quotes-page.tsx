import { useTranslation } from "react-i18next";
import { BoPage } from "../ui";

export default function QuotesPage() {
  const { t } = useTranslation("bo");
  return <BoPage title={t("nav.quotes")}>{null}</BoPage>;
}
