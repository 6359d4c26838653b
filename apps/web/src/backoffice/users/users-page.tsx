import { useTranslation } from "react-i18next";
import { BoPage } from "../ui";

export default function UsersPage() {
  const { t } = useTranslation("bo");
  return <BoPage title={t("nav.users")}>{null}</BoPage>;
}
