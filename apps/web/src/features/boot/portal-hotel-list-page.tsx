import { useTranslation } from "react-i18next";
import { useParams } from "wouter";
import { href } from "../../app/routes";
import { AppLink } from "../../ui/app-link";
import { PageSkeleton } from "../../ui/page-skeleton";
import { OfflineDialog } from "../hotel/components/offline-dialog";
import { useHotelList } from "./api/use-hotel-list";

/** The group's hotels as a plain list. Not routed: `portalHotelList` shows the portal page (features/portal). */
export default function PortalHotelListPage() {
  const { t } = useTranslation("common");
  const params = useParams<{ channel: string; language: string }>();
  const channel = Number(params.channel);
  const language = Number(params.language) || 1;
  const list = useHotelList({ channel, language });
  if (list.isError) return <OfflineDialog />;
  if (!list.data) return <PageSkeleton />;
  return (
    <main className="page" id="main">
      <h1>{t("portal.title")}</h1>
      <ul className="hotel-list">
        {list.data.hotels.map((h) => (
          <li key={h.id}>
            <AppLink to={href("rooms", { hotel: h.id, channel, language })}>{h.name}</AppLink>{" "}
            <span className="muted">
              {h.city}, {h.country}
            </span>
          </li>
        ))}
      </ul>
    </main>
  );
}
