import { Gift, Plane } from "lucide-react";
import { useTranslation } from "react-i18next";
import { href } from "../../app/routes";
import { AppLink } from "../../ui/app-link";
import { PageSkeleton } from "../../ui/page-skeleton";
import { useHotel } from "../hotel/hotel-context";
import { usePackages } from "./api/use-packages";
import { PackageFacts } from "./components/package-facts";
import "./packages.css";

/** Packages and special offers of the hotel (…/package/list and …/packages). */
export default function PackageListPage() {
  const { t } = useTranslation("packages");
  const { ids, hotel } = useHotel();
  const query = usePackages(ids);
  return (
    <main className="page packages-page" id="main">
      <h1>{t("list.title", { hotel: hotel.name })}</h1>
      {query.isPending ? (
        <PageSkeleton />
      ) : query.isError ? (
        <p role="alert">{t("list.error")}</p>
      ) : query.data.packages.length === 0 ? (
        <p>{t("list.empty")}</p>
      ) : (
        <ul className="package-list">
          {query.data.packages.map((p, index) => (
            <li key={p.id}>
              <article className="package-card card" aria-labelledby={`package-${p.id}`}>
                {p.gallery[0] ? (
                  <img
                    className="package-card__image"
                    src={p.gallery[0]}
                    alt=""
                    width={480}
                    height={320}
                    // The first card's picture is the page's largest paint: asked for at once and first.
                    loading={index === 0 ? "eager" : "lazy"}
                    fetchPriority={index === 0 ? "high" : "auto"}
                  />
                ) : null}
                <div className="package-card__body">
                  <p className="package-card__kind">
                    {p.airports.length > 0 ? (
                      <Plane aria-hidden="true" size={16} />
                    ) : (
                      <Gift aria-hidden="true" size={16} />
                    )}{" "}
                    {p.airports.length > 0 ? t("kind.flight") : t(`kind.${p.kind}`)}
                  </p>
                  <h2 id={`package-${p.id}`} className="package-card__name">
                    {p.name}
                  </h2>
                  <p>{p.description}</p>
                  <PackageFacts pack={p} />
                  <AppLink className="button" to={href("packageView", { ...ids, packid: p.id })}>
                    {t("list.discover")}
                    <span className="visually-hidden"> {p.name}</span>
                  </AppLink>
                </div>
              </article>
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}
