import type { Offer, OfferSummary } from "@alloggio/domain/contract/offers/view";
import { LANGUAGES } from "@alloggio/domain/i18n/languages";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useParams, useSearch } from "wouter";
import { href } from "../../app/routes";
import { ApiError } from "../../lib/api-client";
import { AppLink, useNavigateTo } from "../../ui/app-link";
import { PageSkeleton } from "../../ui/page-skeleton";
import { OfferChat } from "../chat/offer-chat";
import { useHotel } from "../hotel/hotel-context";
import { canonicalOfferCode, offerQueryKey, unlockOffer, useOfferSummary } from "./api";
import { fileKind, formatInstant, formatMoney, formatSize } from "./format";
import { ConfirmStep } from "./offer-confirm";
import { OfferShell } from "./offer-shell";
import { OfferVideo } from "./offer-video";
import { RejectDialog } from "./reject-dialog";
import { StayFacts } from "./stay-facts";
import "./offers.css";
import { OptionLines } from "./option-lines";

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const FINAL_STATES = ["confirmed", "rejected", "expired", "unavailable"] as const;
type FinalState = (typeof FINAL_STATES)[number];

/** The page's language: `?language=<id>` when the guest switched, else the offer's own. */
function useChosenLanguage(): number | null {
  const search = useSearch();
  const id = Number(new URLSearchParams(search).get("language"));
  return LANGUAGES.some((l) => l.id === id) ? id : null;
}

/**
 * `/offer/:offerCode` (SPEC §2, ADR 0036): a personalised offer. Locked until the recipient types the
 * e-mail it was sent to; then the options side by side, documents, video, the confirmation of one option or the
 * rejection with a reason; a finished offer says how it ended.
 */
export default function OfferPage() {
  const params = useParams<{ offerCode: string }>();
  const code = canonicalOfferCode(params.offerCode ?? "");
  const summary = useOfferSummary(code);
  const chosen = useChosenLanguage();
  const navigate = useNavigateTo();
  // The e-mail typed to open the offer (memory only): the confirmation's booker starts with it.
  const [email, setEmail] = useState("");

  if (code === null) return <OfferMissing code="offer_not_found" />;
  if (summary.isPending) return <PageSkeleton />;
  if (summary.isError) {
    const error = summary.error;
    const reason =
      error instanceof ApiError && error.code === "rate_limited"
        ? "rate_limited"
        : error instanceof ApiError && error.status === 404
          ? "offer_not_found"
          : "network";
    return (
      <OfferMissing code={reason} onRetry={reason === "network" ? () => void summary.refetch() : undefined} />
    );
  }
  const data = summary.data;
  const ids = { hotel: data.hotel.id, channel: data.channel, language: chosen ?? data.language };
  return (
    <OfferShell
      ids={ids}
      onLanguage={(language) => navigate(href("offer", { offerCode: code }, { language }), { replace: true })}
    >
      <main className="page offer-page" id="main">
        <OfferBody code={code} summary={data} email={email} onEmail={setEmail} />
      </main>
    </OfferShell>
  );
}

/** An unknown code, too many attempts or no connection, before any hotel is known. */
function OfferMissing(props: {
  code: "offer_not_found" | "rate_limited" | "network";
  onRetry?: (() => void) | undefined;
}) {
  const { t } = useTranslation("offers");
  return (
    <main className="page offer-page" id="main">
      <div className="card offer-final">
        <h1>{t(`missing.${props.code}.title`)}</h1>
        <p>{t(`missing.${props.code}.text`)}</p>
        {props.onRetry ? (
          <button type="button" className="button" onClick={props.onRetry}>
            {t("retry")}
          </button>
        ) : null}
      </div>
    </main>
  );
}

function OfferBody(props: {
  code: string;
  summary: OfferSummary;
  email: string;
  onEmail: (email: string) => void;
}) {
  const { code, summary } = props;
  const client = useQueryClient();
  const offer = summary.offer;
  const state = offer?.state ?? summary.state;
  // The offer was open on this page: a final state now came from the guest or under them, and takes the focus.
  const wasOpen = useRef(false);
  if (state === "locked" || state === "unlocked") wasOpen.current = true;
  const show = useCallback(
    (next: Offer) => {
      const updated: OfferSummary = { ...summary, state: next.state, offer: next };
      client.setQueryData(offerQueryKey(code), updated);
    },
    [client, code, summary],
  );
  const reload = useCallback(
    () => void client.invalidateQueries({ queryKey: offerQueryKey(code) }),
    [client, code],
  );

  if (!offer && state === "locked")
    return (
      <LockedOffer
        code={code}
        hotelName={summary.hotel.name}
        onUnlocked={(next, email) => {
          props.onEmail(email);
          show(next);
        }}
      />
    );
  if (offer && state === "unlocked")
    return <OpenOffer offer={offer} email={props.email} onChange={show} onGone={reload} />;
  return (
    <FinalOffer
      state={state as FinalState}
      offer={offer ?? null}
      hotel={summary.hotel}
      withdrawn={(offer?.unavailableReason ?? summary.unavailableReason) === "withdrawn"}
      focus={wasOpen.current}
    />
  );
}

// ── locked ─────────────────────────────────────────────────────────────────────────────────────────────────

function LockedOffer(props: {
  code: string;
  hotelName: string;
  onUnlocked: (offer: Offer, email: string) => void;
}) {
  const { t } = useTranslation("offers");
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [email, setEmail] = useState("");
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const submit = async () => {
    const typed = email.trim();
    const invalid = !typed ? t("locked.emailRequired") : EMAIL.test(typed) ? null : t("locked.emailInvalid");
    setFieldError(invalid);
    setProblem(null);
    if (invalid) {
      input.current?.focus();
      return;
    }
    setSending(true);
    try {
      const answer = await unlockOffer(props.code, typed);
      props.onUnlocked(answer.offer, typed);
    } catch (err) {
      const code = err instanceof ApiError ? err.code : "network";
      setProblem(
        code === "offer_not_found"
          ? t("errors.offer_not_found")
          : code === "rate_limited"
            ? t("errors.rate_limited")
            : code === "invalid_input"
              ? t("locked.emailInvalid")
              : t("errors.network"),
      );
      setSending(false);
      input.current?.focus();
    }
  };

  const describedBy = [`${id}-hint`, fieldError ? `${id}-error` : null, problem ? `${id}-problem` : null]
    .filter(Boolean)
    .join(" ");
  return (
    <div className="offer-locked card">
      <p className="offer-eyebrow">{props.hotelName}</p>
      <h1>{t("locked.title")}</h1>
      <p>{t("locked.text", { hotel: props.hotelName })}</p>
      <form
        className="offer-locked__form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <div className="field">
          <label htmlFor={`${id}-email`}>{t("locked.email")}</label>
          <input
            ref={input}
            id={`${id}-email`}
            type="email"
            autoComplete="email"
            inputMode="email"
            spellCheck={false}
            required
            aria-invalid={fieldError || problem ? true : undefined}
            aria-describedby={describedBy}
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
          <span id={`${id}-hint`} className="muted offer-hint">
            {t("locked.hint")}
          </span>
          {fieldError ? (
            <span id={`${id}-error`} className="field__error">
              {fieldError}
            </span>
          ) : null}
        </div>
        <p id={`${id}-problem`} role="alert" className={problem ? "offer-problem" : "visually-hidden"}>
          {problem ?? ""}
        </p>
        <button type="submit" className="button" disabled={sending} aria-busy={sending || undefined}>
          {sending ? t("locked.opening") : t("locked.open")}
        </button>
      </form>
    </div>
  );
}

// ── open ───────────────────────────────────────────────────────────────────────────────────────────────────

/** One alternative: title, rooms, services, total, and (when offered) its button. */
export function OptionCard(props: { offer: Offer; option: Offer["options"][number]; onChoose?: () => void }) {
  const { t } = useTranslation("offers");
  const { ids } = useHotel();
  const { offer, option } = props;
  const money = (amount: number) => formatMoney(amount, offer.currency.code, ids.language);
  const titleId = `offer-option-${option.position}`;
  return (
    <article className="card offer-option" aria-labelledby={titleId}>
      <p className="offer-option__number">{t("options.number", { position: option.position })}</p>
      <h3 id={titleId}>{option.title ?? t("options.untitled", { position: option.position })}</h3>
      <OptionLines rooms={option.rooms} services={option.services} money={money} servicesHeading="h4" />
      <p className="offer-option__total">
        <span>{t("options.total")}</span> <strong>{money(option.total)}</strong>
      </p>
      {option.cityTax > 0 ? (
        <p className="muted offer-option__tax">
          {t("cityTax.atHotel", { ns: "common", price: money(option.cityTax) })}
        </p>
      ) : null}
      {props.onChoose ? (
        <button
          type="button"
          className="button offer-option__choose"
          aria-describedby={titleId}
          onClick={props.onChoose}
        >
          {t("options.choose")}
        </button>
      ) : null}
    </article>
  );
}

function Attachments({ offer }: { offer: Offer }) {
  const { t } = useTranslation("offers");
  const { locale } = useHotel();
  if (offer.attachments.length === 0) return null;
  return (
    <section className="offer-section" aria-labelledby="offer-documents">
      <h2 id="offer-documents">{t("attachments.title")}</h2>
      <ul className="offer-attachments">
        {offer.attachments.map((file) => (
          <li key={file.id} className="card">
            <a href={`/api/v2/offers/${offer.offerCode}/attachments/${file.id}`} download={file.filename}>
              {file.filename}
            </a>
            <span className="muted">
              {t(`attachments.types.${fileKind(file.contentType)}`)} · {formatSize(file.size, locale)}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function OpenOffer(props: {
  offer: Offer;
  email: string;
  onChange: (offer: Offer) => void;
  onGone: () => void;
}) {
  const { t } = useTranslation("offers");
  const { offer } = props;
  const [chosen, setChosen] = useState<number | null>(null);
  const [rejecting, setRejecting] = useState(false);
  const optionsHeading = useRef<HTMLHeadingElement>(null);
  const returnTo = useRef<number | null>(null);

  // Back from the confirmation: the guest lands on the options again.
  useEffect(() => {
    if (chosen === null && returnTo.current !== null) {
      document
        .getElementById(`offer-option-${returnTo.current}`)
        ?.closest("article")
        ?.querySelector("button")
        ?.focus();
      returnTo.current = null;
    }
  }, [chosen]);

  const option = chosen === null ? undefined : offer.options.find((o) => o.position === chosen);
  if (option)
    return (
      <ConfirmStep
        offer={offer}
        option={option}
        email={props.email}
        onBack={() => {
          returnTo.current = option.position;
          setChosen(null);
        }}
        onGone={props.onGone}
      />
    );

  const videos = [...(offer.video ? [offer.video] : []), ...offer.playlist];
  return (
    <>
      <div className="offer-intro">
        <p className="offer-eyebrow">{offer.hotel.name}</p>
        <h1>{t("open.title", { name: offer.recipient.name })}</h1>
        <p className="offer-lead">{t("open.lead", { hotel: offer.hotel.name })}</p>
      </div>
      {offer.message ? (
        <section className="card offer-message" aria-labelledby="offer-message-title">
          <h2 id="offer-message-title">{t("open.message")}</h2>
          <p className="offer-message__text">{offer.message}</p>
        </section>
      ) : null}
      <section className="offer-section" aria-labelledby="offer-stay-title">
        <h2 id="offer-stay-title">{t("stay.title")}</h2>
        <StayFacts stay={offer} expiresAt={offer.expiresAt} />
      </section>
      <section className="offer-section" aria-labelledby="offer-options-title">
        <h2 id="offer-options-title" ref={optionsHeading}>
          {t("options.title", { count: offer.options.length })}
        </h2>
        <ul className="offer-options">
          {offer.options.map((o) => (
            <li key={o.position}>
              <OptionCard offer={offer} option={o} onChoose={() => setChosen(o.position)} />
            </li>
          ))}
        </ul>
      </section>
      <Attachments offer={offer} />
      {videos.length > 0 ? (
        <section className="offer-section" aria-labelledby="offer-videos-title">
          <h2 id="offer-videos-title">{t("video.sectionTitle")}</h2>
          <div className="offer-videos">
            {videos.map((video) => (
              <OfferVideo key={video.embedUrl} video={video} />
            ))}
          </div>
        </section>
      ) : null}
      <section className="offer-section offer-decline" aria-labelledby="offer-decline-title">
        <h2 id="offer-decline-title">{t("reject.sectionTitle")}</h2>
        <p className="muted">{t("reject.sectionText")}</p>
        <button type="button" className="button button--secondary" onClick={() => setRejecting(true)}>
          {t("reject.open")}
        </button>
      </section>
      <OfferChat offerCode={offer.offerCode} hotelName={offer.hotel.name} />
      {rejecting ? (
        <RejectDialog
          offerCode={offer.offerCode}
          onClose={() => setRejecting(false)}
          onRejected={(next) => {
            setRejecting(false);
            props.onChange(next);
          }}
          onGone={() => {
            setRejecting(false);
            props.onGone();
          }}
        />
      ) : null}
    </>
  );
}

// ── final ──────────────────────────────────────────────────────────────────────────────────────────────────

function FinalOffer(props: {
  state: FinalState;
  offer: Offer | null;
  hotel: OfferSummary["hotel"];
  withdrawn: boolean;
  focus: boolean;
}) {
  const { t } = useTranslation("offers");
  const { locale, hotel } = useHotel();
  const { state, offer } = props;
  const heading = useRef<HTMLHeadingElement>(null);
  // The state changed under the guest (rejected, confirmed elsewhere, expired): say it where the focus is.
  const { focus } = props;
  useEffect(() => {
    if (focus) heading.current?.focus();
  }, [focus]);
  const reservation = state === "confirmed" ? (offer?.reservation?.code ?? null) : null;
  // The hotel withdrew the offer, or its rooms were gone: each is said as it happened.
  const key = state === "unavailable" && props.withdrawn ? "withdrawn" : state;
  // Nothing is left to do here but ask the hotel (SPEC §8: "contact the property").
  const canAsk = (state === "unavailable" || state === "expired") && props.hotel.email;
  return (
    <div className={`card offer-final offer-final--${state}`}>
      <p className="offer-eyebrow">{props.hotel.name}</p>
      <h1 ref={heading} tabIndex={-1}>
        {t(`final.${key}.title`)}
      </h1>
      {state === "expired" && offer ? (
        <p>{t("final.expired.textOn", { date: formatInstant(offer.expiresAt, locale, hotel.timeZone) })}</p>
      ) : (
        <p>{t(`final.${key}.text`)}</p>
      )}
      {canAsk ? (
        <p>
          <a
            href={`mailto:${props.hotel.email}?subject=${encodeURIComponent(t("final.askSubject", { hotel: props.hotel.name }))}`}
          >
            {t("final.ask")}
          </a>
        </p>
      ) : null}
      {state === "rejected" && offer?.rejection ? (
        <div className="offer-reason">
          <h2>{t("final.rejected.reason")}</h2>
          <p className="offer-message__text">{offer.rejection.reason}</p>
        </div>
      ) : null}
      {reservation ? (
        <p>
          <AppLink to={href("cro", { reservationCode: reservation })}>{t("final.confirmed.link")}</AppLink>
        </p>
      ) : null}
      {offer ? <StayFacts stay={offer} /> : null}
    </div>
  );
}
