import type {
  TradeAccount,
  TradeAccountUser,
  TradeEnablement,
} from "@alloggio/domain/contract/backoffice/trade";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "wouter";
import { AppLink } from "../../ui/app-link";
import { fieldError } from "../api";
import { boHref } from "../routes";
import { BoPage, ErrorNotice, Field, Notice } from "../ui";
import {
  approveTradeAccount,
  getTradeAccount,
  refuseTradeAccount,
  resetTradePassword,
  setTradeHotels,
  setTradePricing,
  setTradeStatus,
} from "./calls";
import { TRADE_QUERY } from "./trade-badge";
import { NS, StatusBadge, usePercent } from "./trade-page";
import "./trade.css";

const key = (p: TradeEnablement) => `${p.hotelId}:${p.channelId}`;

/** Checkboxes of the hotels × trade channels; the pairs of hotels the user does not work for are read-only. */
function Pairs({
  account,
  value,
  onChange,
  legend,
  error,
}: {
  account: TradeAccount;
  value: Set<string>;
  onChange: (next: Set<string>) => void;
  legend: string;
  error?: string | undefined;
}) {
  const { t } = useTranslation(NS);
  const channels = new Set(account.options.map((o) => o.channelId));
  return (
    <fieldset className="bo-trade-pairs">
      <legend>{legend}</legend>
      {account.options.length === 0 ? <p className="muted">{t("hotels.none")}</p> : null}
      <ul>
        {account.options.map((o) => (
          <li key={key(o)}>
            <label>
              <input
                type="checkbox"
                checked={value.has(key(o))}
                disabled={!o.mine}
                onChange={(e) => {
                  const next = new Set(value);
                  if (e.target.checked) next.add(key(o));
                  else next.delete(key(o));
                  onChange(next);
                }}
              />
              {channels.size > 1
                ? t("hotels.pair", { hotel: o.hotelName, channel: o.channelName })
                : o.hotelName}
            </label>
          </li>
        ))}
      </ul>
      {error ? (
        <p className="bo-field-error" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

const pairsOf = (account: TradeAccount, chosen: Set<string>): TradeEnablement[] =>
  account.options
    .filter((o) => o.mine && chosen.has(key(o)))
    .map((o) => ({ hotelId: o.hotelId, channelId: o.channelId }));

type Danger = { kind: "refuse" } | { kind: "disable" } | { kind: "reset"; user: TradeAccountUser };

/** The confirmation step of a destructive action (refusal with its reason, disabling, a password reset). */
function Confirm({
  danger,
  account,
  pending,
  onConfirm,
  onCancel,
}: {
  danger: Danger;
  account: TradeAccount;
  pending: boolean;
  onConfirm: (reason: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation(NS);
  const heading = useRef<HTMLHeadingElement>(null);
  const [reason, setReason] = useState("");
  useEffect(() => heading.current?.focus(), []);
  const name = danger.kind === "reset" ? danger.user.username : account.name;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onConfirm(reason);
  };
  return (
    <section className="bo-card" aria-labelledby="bo-trade-confirm">
      <h2 id="bo-trade-confirm" ref={heading} tabIndex={-1}>
        {t(`confirm.${danger.kind}.title`, { name })}
      </h2>
      <form onSubmit={submit}>
        <p>{t(`confirm.${danger.kind}.text`, { name, email: account.email })}</p>
        {danger.kind === "refuse" ? (
          <div className="bo-trade-reason">
            <Field label={t("confirm.refuse.reason")} hint={t("confirm.refuse.reasonHint")}>
              {(props) => (
                <textarea
                  {...props}
                  required
                  maxLength={1000}
                  value={reason}
                  onChange={(e) => setReason(e.target.value)}
                />
              )}
            </Field>
          </div>
        ) : null}
        <div className="bo-trade-buttons">
          <button type="submit" className="bo-button danger" disabled={pending}>
            {t(`confirm.${danger.kind}.yes`)}
          </button>
          <button type="button" className="bo-button secondary" onClick={onCancel}>
            {t("cancel")}
          </button>
        </div>
      </form>
    </section>
  );
}

/** One trade account: approval of a sign-up, agency data, users, hotels, discount and commission, disabling. */
export default function TradeAccountPage() {
  const { t } = useTranslation(NS);
  const { accountId } = useParams<{ accountId: string }>();
  const queryClient = useQueryClient();
  const percent = usePercent();
  const [notice, setNotice] = useState("");
  const [danger, setDanger] = useState<Danger | null>(null);
  const account = useQuery({
    queryKey: [...TRADE_QUERY, "account", accountId],
    queryFn: () => getTradeAccount(accountId),
  });
  const data = account.data;

  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [discount, setDiscount] = useState("");
  const [commission, setCommission] = useState("");
  useEffect(() => {
    if (!data) return;
    setChosen(
      data.status === "pending" || data.status === "refused"
        ? new Set(data.options.filter((o) => o.mine && o.channelId === data.channel.id).map(key))
        : new Set(data.enabled.map(key)),
    );
    setDiscount(String(data.extraDiscountPercent));
    setCommission(data.commissionPercent === null ? "" : String(data.commissionPercent));
  }, [data]);

  const done = (message: string) => (saved: TradeAccount | { mailedTo: string }) => {
    setDanger(null);
    setNotice(message);
    if ("id" in saved) queryClient.setQueryData([...TRADE_QUERY, "account", accountId], saved);
    void queryClient.invalidateQueries({ queryKey: TRADE_QUERY });
  };
  const approve = useMutation({
    mutationFn: (enabled: TradeEnablement[]) => approveTradeAccount(accountId, enabled),
    onSuccess: done(t("notices.approved")),
  });
  const refuse = useMutation({
    mutationFn: (reason: string) => refuseTradeAccount(accountId, reason),
    onSuccess: done(t("notices.refused")),
  });
  const hotels = useMutation({
    mutationFn: (enabled: TradeEnablement[]) => setTradeHotels(accountId, enabled),
    onSuccess: done(t("notices.hotels")),
  });
  const pricing = useMutation({
    mutationFn: (body: { extraDiscountPercent: number; commissionPercent: number | null }) =>
      setTradePricing(accountId, body),
    onSuccess: done(t("notices.pricing")),
  });
  const status = useMutation({
    mutationFn: (kind: "disable" | "enable") => setTradeStatus(accountId, kind),
    onSuccess: (saved, kind) => done(t(`notices.${kind}d`))(saved),
  });
  const reset = useMutation({
    mutationFn: (user: TradeAccountUser) => resetTradePassword(accountId, user.id),
    onSuccess: (answer, user) =>
      done(t("notices.reset", { name: user.username, email: answer.mailedTo }))(answer),
  });
  const failed =
    approve.error ?? refuse.error ?? hotels.error ?? pricing.error ?? status.error ?? reset.error;
  const busy =
    approve.isPending ||
    refuse.isPending ||
    hotels.isPending ||
    pricing.isPending ||
    status.isPending ||
    reset.isPending;
  const start = () => setNotice("");
  const number = (text: string) => (text.trim() === "" ? Number.NaN : Number(text.replace(",", ".")));

  if (account.isPending) return <p className="muted">{t("loading")}</p>;
  if (!data)
    return (
      <BoPage title={t("title")}>
        <ErrorNotice error={account.error} ns={NS} />
        <AppLink to={boHref("boTrade", {})}>{t("back")}</AppLink>
      </BoPage>
    );

  const waiting = data.status === "pending" || data.status === "refused";
  return (
    <BoPage
      title={data.name}
      actions={
        data.status === "approved" ? (
          <button
            type="button"
            className="bo-button danger"
            onClick={() => {
              start();
              setDanger({ kind: "disable" });
            }}
          >
            {t("actions.disable")}
          </button>
        ) : data.status === "disabled" ? (
          <button
            type="button"
            className="bo-button"
            disabled={busy}
            onClick={() => {
              start();
              status.mutate("enable");
            }}
          >
            {t("actions.enable")}
          </button>
        ) : null
      }
    >
      <AppLink className="bo-trade-back" to={boHref("boTrade", {})}>
        {t("back")}
      </AppLink>
      <p>
        <StatusBadge status={data.status} /> <span className="muted">{t(`types.${data.type}`)}</span>
      </p>
      {notice ? <Notice>{notice}</Notice> : null}
      <ErrorNotice error={failed} ns={NS} />
      {danger ? (
        <Confirm
          danger={danger}
          account={data}
          pending={busy}
          onCancel={() => setDanger(null)}
          onConfirm={(reason) => {
            if (danger.kind === "refuse") refuse.mutate(reason);
            else if (danger.kind === "disable") status.mutate("disable");
            else reset.mutate(danger.user);
          }}
        />
      ) : null}

      {waiting ? (
        <section className="bo-card" aria-labelledby="bo-trade-approval">
          <h2 id="bo-trade-approval">{t("approval.title")}</h2>
          <p>{t(data.status === "pending" ? "approval.pending" : "approval.refused")}</p>
          <form
            onSubmit={(e) => {
              e.preventDefault();
              start();
              approve.mutate(pairsOf(data, chosen));
            }}
          >
            <Pairs
              account={data}
              value={chosen}
              onChange={setChosen}
              legend={t("approval.hotels")}
              error={fieldError(approve.error, "enabled")}
            />
            <div className="bo-trade-buttons">
              <button type="submit" className="bo-button" disabled={busy}>
                {t("actions.approve")}
              </button>
              {data.status === "pending" ? (
                <button
                  type="button"
                  className="bo-button secondary"
                  onClick={() => {
                    start();
                    setDanger({ kind: "refuse" });
                  }}
                >
                  {t("actions.refuse")}
                </button>
              ) : null}
            </div>
          </form>
        </section>
      ) : null}

      <div className="bo-trade-grid">
        <section className="bo-card" aria-labelledby="bo-trade-agency">
          <h2 id="bo-trade-agency">{t("agency.title")}</h2>
          <dl className="bo-trade-data">
            <dt>{t("agency.address")}</dt>
            <dd>
              {[data.address, [data.zip, data.city].filter(Boolean).join(" "), data.country]
                .filter(Boolean)
                .join(", ") || "—"}
            </dd>
            <dt>{t("agency.email")}</dt>
            <dd>{data.email || "—"}</dd>
            <dt>{t("agency.phone")}</dt>
            <dd>{data.phone || "—"}</dd>
            <dt>{t("agency.vat")}</dt>
            <dd>{data.vatNumber ?? "—"}</dd>
            <dt>{t("agency.iata")}</dt>
            <dd>{data.iataCode ?? "—"}</dd>
            <dt>{t("agency.referent")}</dt>
            <dd>{[data.referentName, data.referentEmail].filter(Boolean).join(" · ") || "—"}</dd>
            <dt>{t("agency.channel")}</dt>
            <dd>{data.channel.name}</dd>
            <dt>{t("agency.language")}</dt>
            <dd>{t(`bo:languages.${data.language}`)}</dd>
          </dl>
        </section>

        <section className="bo-card" aria-labelledby="bo-trade-pricing">
          <h2 id="bo-trade-pricing">{t("pricing.title")}</h2>
          <p className="muted">
            {t("pricing.now", {
              discount: percent(data.extraDiscountPercent),
              commission:
                data.commissionPercent === null ? t("pricing.rateOwn") : percent(data.commissionPercent),
            })}
          </p>
          <form
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              start();
              pricing.mutate({
                extraDiscountPercent: number(discount),
                // Empty: each rate's own percent; 0 is the account's own (no commission).
                commissionPercent: commission.trim() === "" ? null : number(commission),
              });
            }}
          >
            <div className="bo-trade-percent">
              <Field
                label={t("pricing.discount")}
                hint={t("pricing.discountHint")}
                error={fieldError(pricing.error, "extraDiscountPercent") ? t("pricing.range") : undefined}
              >
                {(props) => (
                  <input
                    {...props}
                    inputMode="decimal"
                    value={discount}
                    onChange={(e) => setDiscount(e.target.value)}
                  />
                )}
              </Field>
              <Field
                label={t("pricing.commission")}
                hint={t("pricing.commissionHint")}
                error={fieldError(pricing.error, "commissionPercent") ? t("pricing.range") : undefined}
              >
                {(props) => (
                  <input
                    {...props}
                    inputMode="decimal"
                    value={commission}
                    onChange={(e) => setCommission(e.target.value)}
                  />
                )}
              </Field>
            </div>
            <button type="submit" className="bo-button" disabled={busy}>
              {t("pricing.save")}
            </button>
          </form>
        </section>
      </div>

      {waiting ? null : (
        <section className="bo-card" aria-labelledby="bo-trade-hotels">
          <h2 id="bo-trade-hotels">{t("hotels.title")}</h2>
          <form
            onSubmit={(e) => {
              e.preventDefault();
              start();
              hotels.mutate(pairsOf(data, chosen));
            }}
          >
            <Pairs
              account={data}
              value={chosen}
              onChange={setChosen}
              legend={t("hotels.legend")}
              error={fieldError(hotels.error, "enabled")}
            />
            <button type="submit" className="bo-button" disabled={busy}>
              {t("hotels.save")}
            </button>
          </form>
        </section>
      )}

      <section className="bo-card" aria-labelledby="bo-trade-users">
        <h2 id="bo-trade-users">{t("users.title")}</h2>
        {data.users.length === 0 ? (
          <p>{t("users.none")}</p>
        ) : (
          <div className="bo-table-wrap">
            <table className="bo-table">
              <caption className="visually-hidden">{t("users.caption")}</caption>
              <thead>
                <tr>
                  <th scope="col">{t("users.username")}</th>
                  <th scope="col">{t("users.name")}</th>
                  <th scope="col">{t("users.password")}</th>
                  <th scope="col">{t("users.actions")}</th>
                </tr>
              </thead>
              <tbody>
                {data.users.map((user) => (
                  <tr key={user.id}>
                    <th scope="row">
                      {user.username}
                      {user.disabled ? <span className="bo-badge">{t("users.disabled")}</span> : null}
                    </th>
                    <td>
                      {user.name || "—"}
                      <br />
                      <span className="muted">{user.email}</span>
                    </td>
                    <td>
                      {!user.hasPassword
                        ? t("users.noPassword")
                        : user.mustChangePassword
                          ? t("users.mustChange")
                          : t("users.passwordSet")}
                    </td>
                    <td>
                      <button
                        type="button"
                        className="bo-button secondary"
                        aria-label={t("users.resetUser", { name: user.username })}
                        onClick={() => {
                          start();
                          setDanger({ kind: "reset", user });
                        }}
                      >
                        {t("users.reset")}
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </BoPage>
  );
}
