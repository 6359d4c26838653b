import { useTranslation } from "react-i18next";
import { AppLink } from "../ui/app-link";

export function NotFoundPage() {
  const { t } = useTranslation("common");
  return (
    <main className="page not-found" id="main">
      <h1>{t("notFound.title")}</h1>
      <p>{t("notFound.text")}</p>
      <AppLink to="/">{t("notFound.home")}</AppLink>
    </main>
  );
}
