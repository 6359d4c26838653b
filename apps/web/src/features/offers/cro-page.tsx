import type { CroResponse } from "@alloggio/domain/contract/offers/cro";
import { LANGUAGES } from "@alloggio/domain/i18n/languages";
import { useTranslation } from "react-i18next";
import { useParams, useSearch } from "wouter";
import { href } from "../../app/routes";
import { ApiError } from "../../lib/api-client";
import { AppLink, useNavigateTo } from "../../ui/app-link";
import { PageSkeleton } from "../../ui/page-skeleton";
import { useHotel } from "../hotel/hotel-context";
import { useCro } from "./api";
import { formatMoney } from "./format";
import { OfferShell } from "./offer-shell";
import "./offers.css";
import { OptionLines } from "./option-lines";
import { StayFacts } from "./stay-facts";

/**
 * `/cro/:reservationCode` (SPEC §2): the reservation made by confirming an offer — hotel, stay, the
 * booked option, the reservation's state in words — and the way to manage it (the retrieve page).
 */
export default function CroPage() {
  const { t } = useTranslation("offers");
  const params = useParams<{ reservationCode: string }>();
  const code = params.reservationCode ?? "";
  const query = useCro(code);
  const search = useSearch();
  const navigate = useNavigateTo();
  const asked = Number(new URLSearchParams(search).get("language"));
  const chosen = LANGUAGES.some((l) => l.id === asked) ? asked : null;

  if (query.isPending) return <PageSkeleton />;
  if (query.isError) {
    const error = query.error;
    const reason =
      error instanceof ApiError && error.code === "rate_limited"
        ? "rate_limited"
        : error instanceof ApiError && error.status >= 400 && error.status < 500
          ? "not_found"
          : "network";
    return (
      <main className="page offer-page" id="main">
        <div className="card offer-final">
          <h1>{t(`cro.missing.${reason}.title`)}</h1>
          <p>{t(`cro.missing.${reason}.text`)}</p>
          {reason === "network" ? (
            <button type="button" className="button" onClick={() => void query.refetch()}>
              {t("retry")}
            </button>
          ) : null}
        </div>
      </main>
    );
  }
  const data = query.data;
  const ids = { hotel: data.hotel.id, channel: data.channel, language: chosen ?? data.language };
  return (
    <OfferShell
      ids={ids}
      onLanguage={(language) =>
        navigate(href("cro", { reservationCode: code }, { language }), { replace: true })
      }
    >
      <main className="page offer-page" id="main">
        <CroDetails data={data} />
      </main>
    </OfferShell>
  );
}

function CroDetails({ data }: { data: CroResponse }) {
  const { t } = useTranslation("offers");
  const { ids } = useHotel();
  const { reservation, offer } = data;
  const money = (amount: number) => formatMoney(amount, reservation.currency.code, ids.language);
  const title = offer.title ?? t("options.untitled", { position: offer.option });
  return (
    <>
      <div className="offer-intro">
        <p className="offer-eyebrow">{data.hotel.name}</p>
        <h1>{t("cro.title", { name: data.recipient.name })}</h1>
        <p className="offer-lead">
          {t("cro.code")} <strong className="offer-code">{reservation.code}</strong>
        </p>
        <p className={`offer-status offer-status--${reservation.status}`}>
          {t("cro.status")} <strong>{t(`cro.statuses.${reservation.status}`)}</strong>
        </p>
      </div>
      <section className="offer-section" aria-labelledby="cro-stay-title">
        <h2 id="cro-stay-title">{t("stay.title")}</h2>
        <StayFacts stay={reservation} />
      </section>
      <section className="card offer-summary" aria-labelledby="cro-option-title">
        <h2 id="cro-option-title">{t("cro.option", { option: title })}</h2>
        <OptionLines rooms={offer.rooms} services={offer.services} money={money} servicesHeading="h3" />
        <p className="offer-option__total">
          <span>{t("options.total")}</span> <strong>{money(reservation.total)}</strong>
        </p>
      </section>
      <section className="offer-section" aria-labelledby="cro-manage-title">
        <h2 id="cro-manage-title">{t("cro.manageTitle")}</h2>
        <p className="muted">{t("cro.manageText")}</p>
        <AppLink className="button" to={href("recover", ids)}>
          {t("cro.manage")}
        </AppLink>
      </section>
    </>
  );
}
