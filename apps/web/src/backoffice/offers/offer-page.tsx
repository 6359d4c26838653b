import { useTranslation } from "react-i18next";
import { BoPage } from "../ui";

/** Placeholder (issue 14): the screen is being built. */
export default function OfferPage() {
  const { t } = useTranslation("bo");
  return (
    <BoPage title={t("nav.offers")}>
      <p />
    </BoPage>
  );
}
