import { addDays } from "@alloggio/domain/stay-dates/stay-dates";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "wouter";
import { href } from "../../app/routes";
import { AppLink } from "../../ui/app-link";
import { PageSkeleton } from "../../ui/page-skeleton";
import { useHotel } from "../hotel/hotel-context";
import { Gallery } from "../rooms/components/gallery";
import { RoomResults } from "../rooms/components/room-results";
import { SearchBar } from "../search/components/search-bar";
import { useSearchState } from "../search/search-state";
import { useSearchFlow } from "../search/use-search-flow";
import { usePackageAirports } from "./api/use-package-airports";
import { usePackages } from "./api/use-packages";
import { PackageFacts } from "./components/package-facts";
import "./packages.css";

type Package = NonNullable<ReturnType<typeof usePackages>["data"]>["packages"][number];

/** Searching inside the package's rules: its validity in the calendar, its airports, pc_id on every search. */
function PackageSearch({ pack, withoutDates }: { pack: Package; withoutDates: boolean }) {
  const { t } = useTranslation("packages");
  const [search, setSearch] = useSearchState();
  const airports = usePackageAirports(pack.id, { enabled: pack.airports.length > 0 });
  const flow = useSearchFlow({ pc_id: pack.id });

  // Opened without dates: the search takes the stay of the "price from", so the offer shows its rooms at once. The
  // package stays in the URL, so the booking steps after the rooms book it (and its flights). One change of the
  // search, decided on the URL as it is now (not on a render's copy of it, which a refetch can make stale): once the
  // URL carries the package (and the dates, when they were taken), there is nothing left to do.
  useEffect(() => {
    const live = new URLSearchParams(window.location.search);
    const from = withoutDates && !live.has("arrival") ? pack.priceFrom : null;
    if (!from && live.get("pc_id") === String(pack.id)) return;
    setSearch({
      ...search,
      packageId: String(pack.id),
      ...(from
        ? {
            arrival: from.arrival,
            departure: addDays(from.arrival, from.nights),
            rooms: [{ adults: from.adults, ages: [] }],
          }
        : {}),
    });
  }, [withoutDates, pack.id, pack.priceFrom, search, setSearch]);

  const noFlight = flow.result?.restrictions.some((r) => r.kind === "no_flight") ?? false;
  return (
    <section className="package-search" aria-labelledby="package-search-title">
      <h2 id="package-search-title">{t("view.search")}</h2>
      <SearchBar
        validFrom={pack.validFrom}
        validTo={pack.validTo}
        airports={airports.data?.airports ?? pack.airports}
      />
      {noFlight ? (
        <p className="package-search__notice" role="note">
          {t("view.noFlight", { airport: search.airport ?? "" })}
        </p>
      ) : null}
      <RoomResults flow={flow} />
    </section>
  );
}

/** Package landing page (…/package/view/:packid): description, gallery, rules, price from, and its own search. */
export default function PackageViewPage() {
  const { t } = useTranslation("packages");
  const { ids } = useHotel();
  const params = useParams<{ packid: string }>();
  const packid = Number(params.packid);
  // Read as the page opens, before the package loads and anything on the page writes the URL.
  const [withoutDates] = useState(() => !new URLSearchParams(window.location.search).has("arrival"));
  const query = usePackages({ ...ids, package: Number.isInteger(packid) && packid > 0 ? packid : undefined });
  const pack = Number.isInteger(packid) && packid > 0 ? query.data?.packages[0] : undefined;

  if (query.isPending) return <PageSkeleton />;
  if (!pack)
    return (
      <main className="page packages-page" id="main">
        <h1>{t("view.notFound")}</h1>
        <AppLink to={href("packages", ids)}>{t("view.allOffers")}</AppLink>
      </main>
    );
  return (
    <main className="page packages-page" id="main">
      <AppLink className="package-view__back" to={href("packages", ids)}>
        {t("view.allOffers")}
      </AppLink>
      <article className="package-view" aria-labelledby="package-title">
        <div className="package-view__intro">
          <div>
            <p className="package-card__kind">
              {pack.airports.length > 0 ? t("kind.flight") : t(`kind.${pack.kind}`)}
            </p>
            <h1 id="package-title">{pack.name}</h1>
            <p className="package-view__description">{pack.description}</p>
            <PackageFacts pack={pack} full />
          </div>
          {pack.gallery.length > 0 ? <Gallery images={pack.gallery} name={pack.name} /> : null}
        </div>
      </article>
      <PackageSearch pack={pack} withoutDates={withoutDates} />
    </main>
  );
}
