import { useTranslation } from "react-i18next";
import { BoPage } from "../ui";

export default function AccountPage() {
  const { t } = useTranslation("bo");
  return <BoPage title={t("nav.account")}>{null}</BoPage>;
}
