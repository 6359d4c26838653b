import { findWalkInNight, WALK_IN_SEEN_KEY } from "@alloggio/domain/stay-dates/walk-in-night";
import { Moon, X } from "lucide-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useRoute } from "wouter";
import { formatDay } from "../../lib/format";
import { useHotel } from "../hotel/hotel-context";
import { useSearchState } from "../search/search-state";
import "./global-elements.css";

function readSeen(): boolean {
  try {
    return window.sessionStorage.getItem(WALK_IN_SEEN_KEY) === "true";
  } catch {
    return false;
  }
}

function markSeen() {
  try {
    window.sessionStorage.setItem(WALK_IN_SEEN_KEY, "true");
  } catch {
    // Blocked storage: the prompt stays dismissed for this page only.
  }
}

/** The current time, refreshed every minute, so the prompt appears at 20:00 and leaves at 04:00. */
function useMinuteClock(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), 60_000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

function WalkInBanner({
  night,
  onDone,
}: {
  night: { arrival: string; departure: string };
  onDone: () => void;
}) {
  const { t } = useTranslation("global");
  const { locale } = useHotel();
  const [search, setSearch] = useSearchState();
  return (
    <section className="walk-in" aria-label={t("walkIn.region")}>
      <Moon className="walk-in__icon" aria-hidden="true" size={22} />
      <p className="walk-in__text">
        <strong>{t("walkIn.title")}</strong>{" "}
        {t("walkIn.text", {
          date: formatDay(night.arrival, locale, { weekday: "long", day: "numeric", month: "long" }),
        })}
      </p>
      <button
        type="button"
        className="button walk-in__book"
        onClick={() => {
          setSearch({ ...search, arrival: night.arrival, departure: night.departure });
          onDone();
        }}
      >
        {t("walkIn.book")}
      </button>
      <button type="button" className="walk-in__dismiss" aria-label={t("walkIn.dismiss")} onClick={onDone}>
        <X aria-hidden="true" size={20} />
      </button>
    </section>
  );
}

/**
 * Late in the hotel's evening (20:00–03:59 hotel time), once per session, offer tonight's stay on the search page.
 * The server draws the same prompt into the search page's HTML (ADR 0054); the app takes it over (app/first-paint.ts)
 * when its own reads the same.
 */
export function WalkInPrompt() {
  const { hotel } = useHotel();
  const [onRooms] = useRoute("/rooms");
  const now = useMinuteClock();
  const [seen, setSeen] = useState(readSeen);
  // The domain's rule, which the server's first paint draws by too (ADR 0054): one rule, one place.
  const night = findWalkInNight(now, hotel.timeZone);
  if (!onRooms || seen || !night) return null;
  return (
    <WalkInBanner
      night={night}
      onDone={() => {
        markSeen();
        setSeen(true);
      }}
    />
  );
}
