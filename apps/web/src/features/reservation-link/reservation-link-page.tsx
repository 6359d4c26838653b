import type { ReservationLink } from "@alloggio/domain/contract/portal/reservation-link";
import { CalendarClock, Mail } from "lucide-react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "wouter";
import { href } from "../../app/routes";
import { formatDay } from "../../lib/format";
import { AppLink } from "../../ui/app-link";
import { PageSkeleton } from "../../ui/page-skeleton";
import { useFormatPrice } from "../currency/use-format-price";
import { useHotel } from "../hotel/hotel-context";
import { RoomResults } from "../rooms/components/room-results";
import { Stepper } from "../rooms/components/stepper";
import { useSearchState } from "../search/search-state";
import { useSearchFlow } from "../search/use-search-flow";
import { useReservationLink } from "./api/use-reservation-link";
import { holdsLink, searchOfLink } from "./link-search";
import "./reservation-link.css";

function PreparedStay({ link }: { link: ReservationLink }) {
  const { t } = useTranslation("reservationLink");
  const { locale, hotel } = useHotel();
  const formatPrice = useFormatPrice();
  const day = (ymd: string) => formatDay(ymd, locale, { dateStyle: "full" });
  const expires = link.expiresAt
    ? new Intl.DateTimeFormat(locale, {
        dateStyle: "long",
        timeStyle: "short",
        timeZone: hotel.timeZone,
      }).format(new Date(link.expiresAt))
    : null;
  return (
    <section className="prepared-stay card" aria-labelledby="prepared-stay-title">
      <h2 id="prepared-stay-title">{t("stay.title")}</h2>
      {link.message ? (
        <p className="prepared-stay__message">
          <Mail aria-hidden="true" size={18} /> {link.message}
        </p>
      ) : null}
      <dl className="prepared-stay__facts">
        <div>
          <dt>{t("stay.arrival")}</dt>
          <dd>{day(link.arrival)}</dd>
        </div>
        <div>
          <dt>{t("stay.departure")}</dt>
          <dd>{day(link.departure)}</dd>
        </div>
        <div>
          <dt>{t("stay.nights")}</dt>
          <dd>{t("stay.nightCount", { count: link.nights })}</dd>
        </div>
        <div>
          <dt>{t("stay.rooms")}</dt>
          <dd>
            <ol className="prepared-stay__rooms">
              {link.rooms.map((room, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: rooms are a fixed list in the link's order
                <li key={i}>
                  {room.ages.length > 0
                    ? t("stay.roomGuests", {
                        adults: t("stay.adults", { count: room.adults }),
                        children: t("stay.children", { count: room.ages.length }),
                        ages: room.ages.join(", "),
                      })
                    : t("stay.adults", { count: room.adults })}
                </li>
              ))}
            </ol>
          </dd>
        </div>
        {link.total !== null ? (
          <div>
            <dt>{t("stay.total")}</dt>
            <dd className="prepared-stay__total">{formatPrice(link.total, link.currency)}</dd>
          </div>
        ) : null}
        {expires ? (
          <div>
            <dt>{t("stay.expiry")}</dt>
            <dd>
              <CalendarClock aria-hidden="true" size={16} /> {t("stay.expiresAt", { date: expires })}
            </dd>
          </div>
        ) : null}
      </dl>
    </section>
  );
}

/** The rooms and rates of the link's stay: the URL is set to the stay once, then the usual search shows it. */
function LinkRooms({ link }: { link: ReservationLink }) {
  const { t } = useTranslation("reservationLink");
  const [search, setSearch] = useSearchState();
  const ready = holdsLink(search, link);
  useEffect(() => {
    if (!ready) setSearch(searchOfLink(link, search));
  }, [ready, link, search, setSearch]);
  const flow = useSearchFlow();
  if (!ready) return <PageSkeleton />;
  return (
    <section className="link-rooms" aria-labelledby="link-rooms-title">
      <h2 id="link-rooms-title">{t("rooms.title")}</h2>
      <Stepper current="rooms" />
      <RoomResults flow={flow} />
    </section>
  );
}

const LINK_REF = /^(?:[1-9]\d{0,8}|[a-z2-7]{20})$/;

/** Reservation link landing page (…/reservationLink/view/:reservationLinkId): the stay the property prepared. */
export default function ReservationLinkPage() {
  const { t } = useTranslation("reservationLink");
  const { ids } = useHotel();
  const params = useParams<{ reservationLinkId: string }>();
  // A public id (20 base32 characters) or an imported link's number (ADR 0027).
  const rlId = params.reservationLinkId ?? "";
  const valid = LINK_REF.test(rlId);
  const query = useReservationLink({ ...ids, rlId: valid ? rlId : "0" });
  const link = valid ? query.data?.links[0] : undefined;

  if (valid && query.isPending) return <PageSkeleton />;
  if (!link)
    return (
      <main className="page reservation-link-page" id="main">
        <h1>{t("notFound.title")}</h1>
        <p>{t("notFound.text")}</p>
        <AppLink to={href("rooms", ids)}>{t("searchRooms")}</AppLink>
      </main>
    );
  return (
    <main className="page reservation-link-page" id="main">
      <h1>{link.title || t("title")}</h1>
      <PreparedStay link={link} />
      {link.expired ? (
        <div className="link-expired card" role="alert">
          <h2>{t("expired.title")}</h2>
          <p>{t("expired.text")}</p>
          <AppLink className="button" to={href("rooms", ids)}>
            {t("searchRooms")}
          </AppLink>
        </div>
      ) : (
        <LinkRooms link={link} />
      )}
    </main>
  );
}
