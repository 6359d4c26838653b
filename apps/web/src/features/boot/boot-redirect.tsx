import { DEFAULT_LANGUAGE_ID } from "@alloggio/domain/i18n/languages";
import { useEffect } from "react";
import { href } from "../../app/routes";
import { useNavigateTo } from "../../ui/app-link";
import { PageSkeleton } from "../../ui/page-skeleton";
import { OfflineDialog } from "../hotel/components/offline-dialog";
import { useHotelList } from "./api/use-hotel-list";

/**
 * Start-up without a hotel in the route (SPEC §2): one group hotel → its rooms; several → the portal hotel list,
 * language 1. The channel comes from the host name, else channel 1. A boot error is logged and, when it carries
 * a url, followed.
 */
export function BootRedirect() {
  const navigate = useNavigateTo();
  const query = useHotelList({ language: DEFAULT_LANGUAGE_ID, channel: undefined });
  const fallback = useHotelList({ language: DEFAULT_LANGUAGE_ID, channel: query.isError ? 1 : undefined });
  const data = query.data ?? (query.isError ? fallback.data : undefined);
  const error = query.isError && fallback.isError ? fallback.error : null;

  useEffect(() => {
    if (!data) return;
    const channel = data.channel.id;
    const language = DEFAULT_LANGUAGE_ID;
    const only = data.hotels.length === 1 ? data.hotels[0] : undefined;
    if (only)
      navigate(href("rooms", { hotel: only.id, channel, language }) + window.location.search, {
        replace: true,
      });
    else navigate(href("portalHotelList", { channel, language }), { replace: true });
  }, [data, navigate]);

  useEffect(() => {
    if (!error) return;
    console.error("boot failed", error);
    const url = (error as { url?: unknown }).url;
    if (typeof url === "string") window.location.assign(url);
  }, [error]);

  if (error) return <OfflineDialog />;
  return <PageSkeleton />;
}
