import { type ComponentType, lazy } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "wouter";
import { AppLink } from "../../ui/app-link";
import { boHref } from "../routes";
import { BoPage } from "../ui";

// One section per part of the catalogue, each its own chunk; the section's item (if any) is the :itemId param.
const SECTIONS: Record<string, ComponentType> = {
  hotel: lazy(() => import("./sections/hotel-section")),
  rooms: lazy(() => import("./sections/rooms-section")),
  rates: lazy(() => import("./sections/rates-section")),
  services: lazy(() => import("./sections/services-section")),
  promos: lazy(() => import("./sections/promos-section")),
  packages: lazy(() => import("./sections/packages-section")),
  links: lazy(() => import("./sections/links-section")),
  overrides: lazy(() => import("./sections/overrides-section")),
  privacy: lazy(() => import("./sections/privacy-section")),
  branding: lazy(() => import("./sections/branding-section")),
};
export const CATALOGUE_SECTIONS = Object.keys(SECTIONS);

export default function CataloguePage() {
  const { t } = useTranslation("bo");
  const { hotel, section = "hotel" } = useParams<{ hotel: string; section?: string }>();
  const Section = SECTIONS[section];
  return (
    <BoPage title={t("nav.catalogue")}>
      <nav className="bo-tabs" aria-label={t("catalogue.sections")}>
        <ul>
          {CATALOGUE_SECTIONS.map((name) => (
            <li key={name}>
              <AppLink
                to={boHref("boCatalogue", { hotel, section: name })}
                aria-current={name === section ? "page" : undefined}
              >
                {t(`catalogue.${name}`)}
              </AppLink>
            </li>
          ))}
        </ul>
      </nav>
      {Section ? <Section /> : <p>{t("notFound.text")}</p>}
    </BoPage>
  );
}
