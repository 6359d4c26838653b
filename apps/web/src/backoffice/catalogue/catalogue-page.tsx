import { useTranslation } from "react-i18next";
import { BoPage } from "../ui";

export default function CataloguePage() {
  const { t } = useTranslation("bo");
  return <BoPage title={t("nav.catalogue")}>{null}</BoPage>;
}
