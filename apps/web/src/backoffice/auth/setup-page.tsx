import { useTranslation } from "react-i18next";

export default function SetupPage() {
  const { t } = useTranslation("bo");
  return (
    <main className="bo-sign">
      <h1>{t("product")}</h1>
    </main>
  );
}
