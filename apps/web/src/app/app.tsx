import { useEffect, useState } from "react";
import "./app.css";

/** Until the contract schemas land in @alloggio/domain, the shape the page relies on. */
interface HotelSummary {
  id: number;
  name: string;
  city: string;
  country: string;
}

interface HotelListResponse {
  channel: unknown;
  hotels: HotelSummary[];
}

type State = { status: "loading" } | { status: "error" } | { status: "ready"; hotels: HotelSummary[] };

const CHANNEL = 1;
const LANGUAGE = 1;
const API_KEY = "demo-key";

function isHotelListResponse(value: unknown): value is HotelListResponse {
  return (
    typeof value === "object" &&
    value !== null &&
    Array.isArray((value as { hotels?: unknown }).hotels) &&
    (value as { hotels: unknown[] }).hotels.every(
      (h) =>
        typeof h === "object" &&
        h !== null &&
        typeof (h as HotelSummary).id === "number" &&
        typeof (h as HotelSummary).name === "string",
    )
  );
}

async function fetchHotels(signal: AbortSignal): Promise<HotelSummary[]> {
  const params = new URLSearchParams({
    channel: String(CHANNEL),
    language: String(LANGUAGE),
    domain: window.location.hostname,
  });
  const response = await fetch(`/api/hotellist.do?${params}`, {
    headers: { "X-Api-Key": API_KEY, Accept: "application/json" },
    signal,
  });
  if (!response.ok) throw new Error(`hotellist.do answered ${response.status}`);
  const body: unknown = await response.json();
  if (!isHotelListResponse(body)) throw new Error("hotellist.do answered an unexpected shape");
  return body.hotels;
}

export function App() {
  const [state, setState] = useState<State>({ status: "loading" });

  useEffect(() => {
    const controller = new AbortController();
    fetchHotels(controller.signal).then(
      (hotels) => setState({ status: "ready", hotels }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.error(error);
        setState({ status: "error" });
      },
    );
    return () => controller.abort();
  }, []);

  return (
    <main className="app">
      <h1>Alloggio</h1>
      {state.status === "loading" && (
        <p className="app__status" role="status" aria-live="polite">
          Loading hotels…
        </p>
      )}
      {state.status === "error" && (
        <p className="app__status app__status--error" role="alert">
          System unavailable. Please try again in a few minutes.
        </p>
      )}
      {state.status === "ready" &&
        (state.hotels.length === 0 ? (
          <p className="app__status">No hotels available.</p>
        ) : (
          <ul className="hotel-list" aria-label="Hotels">
            {state.hotels.map((hotel) => (
              <li key={hotel.id} className="hotel-list__item">
                <a href={`/hotel/${hotel.id}/channel/${CHANNEL}/language/${LANGUAGE}/rooms`}>{hotel.name}</a>
                <span className="hotel-list__place">
                  {[hotel.city, hotel.country].filter(Boolean).join(", ")}
                </span>
              </li>
            ))}
          </ul>
        ))}
    </main>
  );
}
