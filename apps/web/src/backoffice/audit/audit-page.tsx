import { useTranslation } from "react-i18next";
import { BoPage } from "../ui";

export default function AuditPage() {
  const { t } = useTranslation("bo");
  return <BoPage title={t("nav.audit")}>{null}</BoPage>;
}
