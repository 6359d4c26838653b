import { firstArrivalInZone } from "@alloggio/domain/stay-dates/stay-dates";
import { Moon, X } from "lucide-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useRoute } from "wouter";
import { formatDay } from "../../lib/format";
import { useHotel } from "../hotel/hotel-context";
import { parseSearch, useSearchState } from "../search/search-state";
import { findWalkInNight } from "./walk-in-night";
import "./global-elements.css";

export const WALK_IN_SEEN_KEY = "walkInSeen";

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

/** Late in the hotel's evening (20:00–03:59 hotel time), once per session, offer tonight's stay on the search page. */
export function WalkInPrompt() {
  const { hotel } = useHotel();
  const [onRooms] = useRoute("/rooms");
  const now = useMinuteClock();
  const [seen, setSeen] = useState(readSeen);
  const night = findWalkInNight(now, hotel.timeZone);
  if (!onRooms || seen || !night) return null;
  // After midnight tonight's arrival is yesterday's date; offer it only where the search takes it as it is,
  // rather than a button that quietly searches another night.
  const query = `arrival=${night.arrival}&departure=${night.departure}`;
  if (parseSearch(query, night.arrival, firstArrivalInZone(now, hotel.timeZone)).arrival !== night.arrival) {
    return null;
  }
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
