import type { BoOfferDetail } from "@alloggio/domain/contract/backoffice/offers";
import { findLanguage } from "@alloggio/domain/i18n/languages";
import { isOpenOffer } from "@alloggio/domain/offers/offer-state";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useParams, useSearch } from "wouter";
import { AppLink } from "../../ui/app-link";
import { boGet, boPost } from "../api";
import { OfferConversationLink } from "../chat/offer-conversation-link";
import { dateLocaleOf, formatHotelInstant } from "../format";
import { formatDate, formatMinor } from "../quotes/format";
import { boHref } from "../routes";
import { BoDialog, BoPage, ErrorNotice, Notice } from "../ui";
import { OfferAttachmentsPanel } from "./attachments-panel";
import { OfferStateBadge } from "./shared";
import "./offers.css";

/** One offer: its state and what it means, the recipient, the options as cards, history, link and actions. */
export default function OfferPage() {
  const { t, i18n } = useTranslation("bo-offers");
  const { hotel, offerId } = useParams<{ hotel: string; offerId: string }>();
  // Just created: "Sent to <e-mail>" (the address itself stays out of the URL and the browser's history).
  const sent = new URLSearchParams(useSearch()).get("sent") === "1";
  const key = ["backoffice", "offers", hotel, "detail", offerId];
  const query = useQuery({
    queryKey: key,
    queryFn: () => boGet(`hotels/${hotel}/offers/${offerId}`) as Promise<BoOfferDetail>,
  });
  const offer = query.data;
  return (
    <BoPage
      title={offer ? t("detail.title", { name: offer.recipient.name }) : t("detail.loading")}
      actions={<AppLink to={boHref("boOffers", { hotel })}>{t("detail.back")}</AppLink>}
    >
      {sent && offer ? <Notice>{t("detail.sentTo", { email: offer.recipient.email })}</Notice> : null}
      <ErrorNotice error={query.error} ns="bo-offers" />
      {offer ? <OfferView offer={offer} hotel={Number(hotel)} queryKey={key} locale={i18n.language} /> : null}
    </BoPage>
  );
}

function OfferView({
  offer,
  hotel,
  queryKey,
  locale,
}: {
  offer: BoOfferDetail;
  hotel: number;
  queryKey: string[];
  locale: string;
}) {
  const { t } = useTranslation("bo-offers");
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [done, setDone] = useState<"withdrawn" | "resent" | null>(null);
  const [copied, setCopied] = useState(false);
  const money = (minor: number) =>
    formatMinor(minor, offer.currency.code, offer.currency.decimalDigits, locale);
  // Instants in hotel time and days in the page language's format: staff read the "valid until" the guest reads.
  const when = (iso: string) => formatHotelInstant(iso, locale, offer.timeZone);
  const day = (iso: string) => formatDate(iso, dateLocaleOf(locale));
  const open = isOpenOffer(offer.state);
  const onChanged = (next: BoOfferDetail) => {
    queryClient.setQueryData(queryKey, next);
    void queryClient.invalidateQueries({ queryKey: ["backoffice", "offers", String(hotel)] });
  };
  const withdraw = useMutation({
    mutationFn: (): Promise<BoOfferDetail> => boPost(`hotels/${hotel}/offers/${offer.id}/withdraw`),
    onSuccess: (next) => {
      setConfirming(false);
      setDone("withdrawn");
      onChanged(next);
    },
  });
  const resend = useMutation({
    mutationFn: (): Promise<BoOfferDetail> => boPost(`hotels/${hotel}/offers/${offer.id}/resend`),
    onSuccess: (next) => {
      setDone("resent");
      onChanged(next);
    },
  });
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(offer.url);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  const language = findLanguage(offer.recipient.language);

  return (
    <>
      <section className="bo-card bo-offer-status" aria-labelledby="bo-offer-status">
        <h2 id="bo-offer-status" className="bo-visually-hidden">
          {t("detail.status")}
        </h2>
        <p>
          <OfferStateBadge state={offer.state} /> {t(`meaning.${offer.state}`)}
        </p>
        {offer.rejection ? (
          <div className="bo-offer-rejection" role="note">
            <h3>{t("detail.rejectedTitle", { when: when(offer.rejection.at) })}</h3>
            <blockquote>{offer.rejection.reason}</blockquote>
          </div>
        ) : null}
        {offer.reservationId ? (
          <p>
            <AppLink to={boHref("boReservation", { hotel, reservationId: offer.reservationId })}>
              {t("detail.reservation")}
            </AppLink>
          </p>
        ) : null}
        {done ? <Notice>{t(`detail.done.${done}`, { email: offer.recipient.email })}</Notice> : null}
        <ErrorNotice error={withdraw.error ?? resend.error} ns="bo-offers" />
        {open ? (
          <div className="bo-offer-actions">
            <button
              type="button"
              className="bo-button secondary"
              disabled={resend.isPending}
              onClick={() => resend.mutate()}
            >
              {t("detail.resend")}
            </button>
            <button type="button" className="bo-button danger" onClick={() => setConfirming(true)}>
              {t("detail.withdraw")}
            </button>
          </div>
        ) : null}
      </section>

      <div className="bo-offer-grid">
        <section className="bo-card" aria-labelledby="bo-offer-recipient">
          <h2 id="bo-offer-recipient">{t("detail.recipient")}</h2>
          <dl className="bo-offer-facts">
            <dt>{t("detail.name")}</dt>
            <dd>{offer.recipient.name}</dd>
            <dt>{t("detail.email")}</dt>
            <dd>{offer.recipient.email}</dd>
            <dt>{t("detail.language")}</dt>
            <dd>{language.label}</dd>
            <dt>{t("detail.channel")}</dt>
            <dd>{offer.channel.name}</dd>
          </dl>
        </section>
        <section className="bo-card" aria-labelledby="bo-offer-stay">
          <h2 id="bo-offer-stay">{t("detail.stay")}</h2>
          <dl className="bo-offer-facts">
            <dt>{t("detail.arrival")}</dt>
            <dd>{day(offer.arrival)}</dd>
            <dt>{t("detail.departure")}</dt>
            <dd>{day(offer.departure)}</dd>
            <dt>{t("detail.nights")}</dt>
            <dd>{t("nights", { count: offer.nights })}</dd>
            <dt>{t("detail.expires")}</dt>
            <dd>
              {when(offer.expiresAt)}{" "}
              <span className="bo-offer-sub">· {t("timesIn", { timeZone: offer.timeZone })}</span>
            </dd>
            <dt>{t("detail.created")}</dt>
            <dd>
              {when(offer.createdAt)} ·{" "}
              {offer.createdBy.kind === "staff"
                ? (offer.createdBy.name ?? t("creator.staff"))
                : t("creator.apiKey", { prefix: offer.createdBy.name ?? "" })}
            </dd>
          </dl>
        </section>
        <section className="bo-card" aria-labelledby="bo-offer-link">
          <h2 id="bo-offer-link">{t("detail.link")}</h2>
          <p className="bo-offer-url">
            <a href={offer.url} target="_blank" rel="noreferrer">
              {offer.url}
            </a>
          </p>
          <button type="button" className="bo-button secondary" onClick={() => void copy()}>
            {t("detail.copy")}
          </button>
          {copied ? <Notice>{t("detail.copied")}</Notice> : null}
          <p className="bo-hint">{t("detail.linkHint")}</p>
          <OfferConversationLink hotel={hotel} offerId={offer.id} />
        </section>
      </div>

      <section aria-labelledby="bo-offer-options">
        <h2 id="bo-offer-options">{t("detail.options", { count: offer.options.length })}</h2>
        <div className="bo-offer-options">
          {offer.options.map((o) => (
            <article key={o.id} className={`bo-card bo-offer-option${o.confirmed ? " is-booked" : ""}`}>
              <h3>
                {t("detail.optionTitle", { n: o.position })}
                {o.title ? ` · ${o.title}` : ""}
                {o.confirmed ? (
                  <span className="bo-badge bo-offer-confirmed">{t("detail.booked")}</span>
                ) : null}
              </h3>
              <ul className="bo-offer-lines">
                {o.rooms
                  .map((r, i) => ({ ...r, key: `r${i}` }))
                  .map((r) => (
                    <li key={r.key}>
                      <span>
                        {r.roomName} · {r.rateName}
                        <span className="bo-offer-sub">
                          {" "}
                          {t("adultCount", { count: r.adults })}
                          {r.ages.length > 0 ? `, ${t("childCount", { count: r.ages.length })}` : ""}
                          {r.ages.length > 0 ? ` (${r.ages.join(", ")})` : ""}
                        </span>
                      </span>
                      <span className="bo-num">{money(r.priceMinor)}</span>
                    </li>
                  ))}
                {o.services
                  .map((s, i) => ({ ...s, key: `s${i}` }))
                  .map((s) => (
                    <li key={s.key}>
                      <span>
                        {s.quantity} × {s.name}
                      </span>
                      <span className="bo-num">
                        {s.priceMinor === 0 ? t("detail.free") : money(s.priceMinor)}
                      </span>
                    </li>
                  ))}
              </ul>
              <p className="bo-offer-total">
                <span>{t("detail.total")}</span> <strong>{money(o.totalMinor)}</strong>
              </p>
            </article>
          ))}
        </div>
      </section>

      {offer.message || offer.video || offer.playlist.length > 0 ? (
        <section className="bo-card" aria-labelledby="bo-offer-message">
          <h2 id="bo-offer-message">{t("detail.message")}</h2>
          {offer.message ? <p className="bo-offer-message">{offer.message}</p> : null}
          {offer.video ? (
            <p>
              {t("detail.video")}:{" "}
              <a href={offer.video.url} target="_blank" rel="noreferrer">
                {offer.video.url}
              </a>
            </p>
          ) : null}
          {offer.playlist.length > 0 ? (
            <>
              <h3>{t("detail.playlist")}</h3>
              <ul>
                {offer.playlist.map((v) => (
                  <li key={v.url}>
                    <a href={v.url} target="_blank" rel="noreferrer">
                      {v.url}
                    </a>
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </section>
      ) : null}

      <OfferAttachmentsPanel hotel={hotel} offerId={offer.id} editable={open} />

      <section className="bo-card" aria-labelledby="bo-offer-history">
        <h2 id="bo-offer-history">{t("detail.history")}</h2>
        <ol className="bo-offer-timeline">
          {offer.history
            .map((h, i) => ({ ...h, key: `${h.at}-${i}` }))
            .map((h) => (
              <li key={h.key}>
                <time dateTime={h.at}>{when(h.at)}</time>{" "}
                <strong>{t(`action.${h.action}`, { defaultValue: h.action })}</strong>
                {h.toState && h.toState !== h.fromState ? ` → ${t(`state.${h.toState}`)}` : ""}
                <span className="bo-offer-sub">
                  {" "}
                  ·{" "}
                  {h.actorKind === "staff"
                    ? (h.actorName ?? t("creator.staff"))
                    : h.actorKind === "api_key"
                      ? t("creator.apiKey", { prefix: h.actorName ?? "" })
                      : t(`actor.${h.actorKind}`, { defaultValue: h.actorKind })}
                </span>
              </li>
            ))}
        </ol>
      </section>

      <BoDialog
        className="bo-offer-dialog"
        open={confirming}
        title={t("withdraw.title")}
        onClose={() => setConfirming(false)}
      >
        <p>{t("withdraw.text", { name: offer.recipient.name })}</p>
        <ErrorNotice error={withdraw.error} ns="bo-offers" />
        <div className="bo-offer-actions">
          <button
            type="button"
            className="bo-button danger"
            disabled={withdraw.isPending}
            onClick={() => withdraw.mutate()}
          >
            {t("withdraw.confirm")}
          </button>
          <button type="button" className="bo-button secondary" onClick={() => setConfirming(false)}>
            {t("withdraw.cancel")}
          </button>
        </div>
      </BoDialog>
    </>
  );
}
