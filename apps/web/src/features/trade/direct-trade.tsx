import type { LoginResponse, TradeUser } from "@alloggio/domain/contract/trade/login";
import { X } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { href } from "../../app/routes";
import { postJson } from "../../lib/api-client";
import { useHotel } from "../hotel/hotel-context";
import { readStoredLogin } from "./trade-session";
import "./trade.css";
import "./trade-account.css";

// SPEC §2 direct ↔ trade (ADR 0033): on a direct channel whose `tradeAssociated` is a trade channel, a
// valid trade login there (the stored login of that channel, confirmed by the server's `loggedUser`) is offered the
// trade engine in a new tab; once the agent has said yes, the direct site sends them there by itself.

/** The agent's choice on a direct channel: "trade" (send me to the trade engine), kept in local storage. */
export const directChoiceKey = (channel: number) => `alloggio.trade-redirect.${channel}`;
/** "Stay here" lasts as long as the tab. */
const stayKey = (channel: number) => `alloggio.trade-redirect.stay.${channel}`;

const store = (kind: "localStorage" | "sessionStorage"): Storage | null => {
  try {
    return typeof window === "undefined" ? null : window[kind];
  } catch {
    return null;
  }
};

export default function DirectTradeRedirect() {
  const { t } = useTranslation("trade-account");
  const { channel, ids, portal } = useHotel();
  const tradeChannel = channel.trade ? null : channel.tradeAssociated;
  const [user, setUser] = useState<TradeUser | null>(null);
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  // The same page on the trade channel: the portal's, or this hotel's rooms, with the same search (dates, guests).
  const search = typeof window === "undefined" ? "" : window.location.search;
  const target = !tradeChannel
    ? ""
    : `${
        portal
          ? href("portal", { channel: tradeChannel, language: ids.language })
          : href("rooms", { hotel: ids.hotel, channel: tradeChannel, language: ids.language })
      }${search}`;

  useEffect(() => {
    if (!tradeChannel) return;
    const local = store("localStorage");
    if (!local || !readStoredLogin(local, tradeChannel, Date.now())) return;
    const chosen = local.getItem(directChoiceKey(ids.channel)) === "trade";
    if (!chosen && store("sessionStorage")?.getItem(stayKey(ids.channel))) return;
    let live = true;
    // Only the channel: a hotel the account is not enabled for would end its trade session.
    postJson<LoginResponse>("login.do", { method: "loggedUser", channel: tradeChannel }).then(
      (answer) => {
        if (!live || answer.user.id === 0) return;
        if (chosen) window.location.assign(target);
        else setUser(answer.user as TradeUser);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [tradeChannel, ids.channel, target]);

  useEffect(() => {
    const element = dialog.current;
    if (user && element && !element.open) element.showModal?.();
  }, [user]);

  if (!user) return null;
  const close = () => dialog.current?.close();
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: a backdrop click mirrors Escape, which the modal dialog handles natively
    <dialog
      ref={dialog}
      className="dialog panel-dialog trade-dialog"
      aria-labelledby={titleId}
      onClose={() => {
        store("sessionStorage")?.setItem(stayKey(ids.channel), "1");
        setUser(null);
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget) close();
      }}
    >
      <div className="panel-dialog__header">
        <h2 id={titleId} className="panel-dialog__title">
          {t("redirect.title")}
        </h2>
        <button type="button" className="panel-dialog__close" aria-label={t("close")} onClick={close}>
          <X aria-hidden="true" size={22} />
        </button>
      </div>
      <div className="panel-dialog__body">
        <p>{t("redirect.text", { agency: user.agency.name })}</p>
        <div className="trade-dialog__actions">
          <a
            className="button"
            href={target}
            target="_blank"
            rel="noopener"
            onClick={() => {
              store("localStorage")?.setItem(directChoiceKey(ids.channel), "trade");
              close();
            }}
          >
            {t("redirect.open")}
            <span className="visually-hidden"> {t("redirect.newTab")}</span>
          </a>
          <button type="button" className="button button--secondary" onClick={close}>
            {t("redirect.stay")}
          </button>
        </div>
      </div>
    </dialog>
  );
}
