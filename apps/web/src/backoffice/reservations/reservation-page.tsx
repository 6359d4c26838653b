import { may } from "@alloggio/domain/contract/backoffice/access";
import { PROPERTY_NOTE_MAX } from "@alloggio/domain/contract/backoffice/reservations";
import { decimalTextOf, parseInputText } from "@alloggio/domain/money/amounts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, type ReactNode, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "wouter";
import { newIdempotencyKey } from "../../lib/api-client";
import { moneyOf } from "../../lib/money";
import { AppLink } from "../../ui/app-link";
import { useCurrentHotel } from "../layout";
import { boHref } from "../routes";
import { useStaff } from "../staff";
import { BoDialog, BoPage, ErrorNotice, Field, Notice } from "../ui";
import {
  cancelPaymentLink,
  cancelReservation,
  confirmOption as confirmOptionCall,
  type Done,
  fetchReservation,
  recordTransfer,
  resendConfirmation,
  reservationPath,
  savePropertyNote,
} from "./calls";
import { CaptureDialog, ChargeDialog, ReleaseDialog } from "./card-hold-dialogs";
import { DisputeNotice } from "./dispute-notice";
import { statusTone, useFormats } from "./format";
import { ResaleSection } from "./resale-section";
import "./reservations.css";

type Dialog = "confirmOption" | "cancel" | "cancelLink" | "resend" | "capture" | "release" | "charge" | null;

/** The attribution's fields in the order the "Source" fact lists them. */
const SOURCE_KEYS = ["trivago", "tripadvisor", "campaign"] as const;

/** A table that scrolls sideways on a narrow screen: a named region the keyboard can reach and scroll. */
function TableWrap({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1)
    <section className="bo-table-wrap" aria-label={label} tabIndex={0}>
      {children}
    </section>
  );
}

type PaymentRow = { id: number | string; when: string; kind: ReactNode; amount: string; status: ReactNode };

/** The payment schedule and the transactions: the same four columns, rows of their own. */
function PaymentTable({
  caption,
  whenHeader,
  rows,
}: {
  caption: string;
  whenHeader: string;
  rows: PaymentRow[];
}) {
  const { t } = useTranslation("bo-reservations");
  return (
    <TableWrap label={caption}>
      <table className="bo-table">
        <caption className="bor-caption">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{whenHeader}</th>
            <th scope="col">{t("payments.kind")}</th>
            <th scope="col" className="num">
              {t("payments.amount")}
            </th>
            <th scope="col">{t("col.status")}</th>
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={4}>{t("payments.none")}</td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={row.id}>
                <td className="bor-nowrap">{row.when}</td>
                <td>{row.kind}</td>
                <td className="num bor-nowrap">{row.amount}</td>
                <td>{row.status}</td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </TableWrap>
  );
}

/** The buttons of a yes/no dialog: do it (while nothing is pending), or go back. */
function DialogActions({
  go,
  danger = false,
  pending,
  onGo,
  onBack,
}: {
  go: string;
  danger?: boolean;
  pending: boolean;
  onGo: () => void;
  onBack: () => void;
}) {
  const { t } = useTranslation("bo-reservations");
  return (
    <div className="bor-dialog-actions">
      <button
        type="button"
        className={danger ? "bo-button danger" : "bo-button"}
        disabled={pending}
        onClick={onGo}
      >
        {go}
      </button>
      <button type="button" className="bo-button secondary" onClick={onBack}>
        {t("dialog.back")}
      </button>
    </div>
  );
}

/** One reservation: what was booked, its money, history and mails, and what the property can do now. */
export default function ReservationPage() {
  const { t } = useTranslation("bo-reservations");
  const hotel = useCurrentHotel() ?? 0;
  const { reservationId } = useParams<{ reservationId: string }>();
  const staff = useStaff();
  const queryClient = useQueryClient();
  const path = reservationPath(hotel, reservationId);
  const detail = useQuery({
    queryKey: ["bo", hotel, "reservation", reservationId],
    queryFn: () => fetchReservation(path),
  });
  const f = useFormats(detail.data?.timeZone);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [showTransfer, setShowTransfer] = useState(false);
  const [message, setMessage] = useState<string | null>(null);

  const done = async (text: string) => {
    setDialog(null);
    setMessage(text);
    await queryClient.invalidateQueries({ queryKey: ["bo", hotel] });
  };
  // A dialog about the card the hotel holds: its form is mounted only while it is open.
  const holdDialog = (name: "capture" | "release" | "charge", title: string, form: ReactNode) => (
    <BoDialog className="bor-dialog" open={dialog === name} title={title} onClose={() => setDialog(null)}>
      {dialog === name ? form : null}
    </BoDialog>
  );

  const confirmOption = useMutation({
    mutationFn: () => confirmOptionCall(path),
    onSuccess: () => done(t("done.confirmOption")),
  });
  const cancelLink = useMutation({
    mutationFn: () => cancelPaymentLink(path),
    onSuccess: () => done(t("done.cancelLink")),
  });
  const resend = useMutation({
    mutationFn: (key: string) => resendConfirmation(path, key),
    onSuccess: () => done(t("done.resend")),
  });

  const d = detail.data;
  if (!d)
    return (
      <BoPage title={t("detail.title")}>
        <ErrorNotice error={detail.error} ns="bo-reservations" />
        {detail.isPending ? <p>{t("list.loading")}</p> : null}
      </BoPage>
    );

  const r = d.reservation;
  const currency = r.currency;
  const minor = (m: number) => f.money(m, currency, d.decimalDigits);
  // The reservation's rooms and services answer SPEC's decimals: minor units once, here.
  const major = (amount: number) => minor(moneyOf(amount, currency).minor);
  const money = { currency, decimalDigits: d.decimalDigits, minor };
  const canTransfers = may(staff.role, "transfers");
  const canReservations = may(staff.role, "reservations");

  return (
    <BoPage
      title={t("detail.heading", { code: r.code })}
      actions={
        <AppLink to={boHref("boReservations", { hotel })} className="bo-button secondary">
          {t("detail.back")}
        </AppLink>
      }
    >
      <div className="bor-summary bo-card">
        <p className="bor-sub">{t("detail.timesIn", { timeZone: d.timeZone })}</p>
        <p>
          <span className={`bo-badge bor-${statusTone(r.status)}`}>{t(`status.${r.status}`)}</span>
          {r.rooms.some((room) => room.status === "W") ? (
            <span className="bo-badge bor-wait">{t("status.waiting")}</span>
          ) : null}
          {r.status === "pending_confirmation" && r.optionExpiresAt ? (
            <span className="bor-sub-inline">{t("list.until", { when: f.instant(r.optionExpiresAt) })}</span>
          ) : null}
        </p>
        <dl className="bor-facts">
          <div>
            <dt>{t("col.guest")}</dt>
            <dd>{r.booker.fullname}</dd>
          </div>
          <div>
            <dt>{t("col.stay")}</dt>
            <dd>
              {f.day(r.arrival)} → {f.day(r.departure)} ({t("detail.nights", { count: r.nights })})
            </dd>
          </div>
          <div>
            <dt>{t("col.channel")}</dt>
            <dd>
              {d.channel.name}
              {d.customer ? ` · ${d.customer.name}` : ""}
            </dd>
          </div>
          <div>
            <dt>{t("col.total")}</dt>
            <dd>{minor(d.totalMinor)}</dd>
          </div>
          <div>
            <dt>{t("detail.paid")}</dt>
            <dd>{minor(d.paidMinor)}</dd>
          </div>
          {d.dueMinor > 0 || d.atHotelMinor === 0 ? (
            <div>
              <dt>{t("detail.due")}</dt>
              <dd>{minor(d.dueMinor)}</dd>
            </div>
          ) : null}
          {d.atHotelMinor > 0 ? (
            <div>
              <dt>{t("detail.atHotel")}</dt>
              <dd>{minor(d.atHotelMinor)}</dd>
            </div>
          ) : null}
          <div>
            <dt>{t("detail.method")}</dt>
            <dd>{t(`method.${r.paymentMethod}`, { defaultValue: r.paymentMethod })}</dd>
          </div>
          <div>
            <dt>{t("col.created")}</dt>
            <dd>{f.instant(r.createdAt)}</dd>
          </div>
          <div>
            <dt>{t("source.title")}</dt>
            <dd>
              {r.agency ? (
                // A trade booking: the agency, its own reference and what it earns, not "Direct".
                <ul className="bor-source">
                  <li>
                    {t("source.agency")}: {r.agency.fullname}
                  </li>
                  {r.agency.code ? (
                    <li>
                      {t("source.reference")}: <span className="bor-source-ref">{r.agency.code}</span>
                    </li>
                  ) : null}
                  <li>
                    {t("source.commission")}:{" "}
                    {d.commissionMinor == null ? t("source.net") : minor(d.commissionMinor)}
                  </li>
                </ul>
              ) : d.attribution ? (
                <ul className="bor-source">
                  {SOURCE_KEYS.filter((key) => d.attribution?.[key]).map((key) => (
                    <li key={key}>
                      {t(`source.${key}`)}: <span className="bor-source-ref">{d.attribution?.[key]}</span>
                    </li>
                  ))}
                </ul>
              ) : (
                t("source.direct")
              )}
            </dd>
          </div>
        </dl>
      </div>

      {message ? <Notice>{message}</Notice> : null}

      <DisputeNotice disputes={d.disputes} timeZone={d.timeZone} decimalDigits={d.decimalDigits} />

      {canReservations ? (
        <section aria-labelledby="bor-actions" className="bor-actions">
          <h2 id="bor-actions" className="bor-visually-hidden">
            {t("actions.title")}
          </h2>
          {d.actions.confirmOption ? (
            <button type="button" className="bo-button" onClick={() => setDialog("confirmOption")}>
              {t("actions.confirmOption")}
            </button>
          ) : null}
          {d.actions.recordTransfer && canTransfers ? (
            <button
              type="button"
              className="bo-button"
              aria-expanded={showTransfer}
              aria-controls="bor-transfer"
              onClick={() => setShowTransfer((s) => !s)}
            >
              {t("actions.recordTransfer")}
            </button>
          ) : null}
          {d.actions.captureAuthorisation ? (
            <button type="button" className="bo-button" onClick={() => setDialog("capture")}>
              {t("actions.capture")}
            </button>
          ) : null}
          {d.actions.releaseAuthorisation ? (
            <button type="button" className="bo-button secondary" onClick={() => setDialog("release")}>
              {t("actions.release")}
            </button>
          ) : null}
          {d.actions.chargeGuarantee && d.cardHold ? (
            <button type="button" className="bo-button" onClick={() => setDialog("charge")}>
              {t("actions.chargeGuarantee")}
            </button>
          ) : null}
          {d.actions.resendConfirmation ? (
            <button type="button" className="bo-button secondary" onClick={() => setDialog("resend")}>
              {t("actions.resend")}
            </button>
          ) : null}
          {d.actions.cancelPaymentLink ? (
            <button type="button" className="bo-button secondary" onClick={() => setDialog("cancelLink")}>
              {t("actions.cancelLink")}
            </button>
          ) : null}
          {d.actions.cancel ? (
            <button type="button" className="bo-button danger" onClick={() => setDialog("cancel")}>
              {t("actions.cancel")}
            </button>
          ) : null}
        </section>
      ) : null}

      {showTransfer && d.actions.recordTransfer ? (
        <TransferForm
          path={path}
          currency={currency}
          decimalDigits={d.decimalDigits}
          dueMinor={d.dueMinor}
          onDone={async (text) => {
            setShowTransfer(false);
            await done(text);
          }}
        />
      ) : null}

      <BoDialog
        className="bor-dialog"
        open={dialog === "confirmOption"}
        title={t("actions.confirmOption")}
        onClose={() => setDialog(null)}
      >
        <p>{t("confirmOption.text")}</p>
        <ErrorNotice error={confirmOption.error} ns="bo-reservations" />
        <DialogActions
          go={t("confirmOption.go")}
          pending={confirmOption.isPending}
          onGo={() => confirmOption.mutate()}
          onBack={() => setDialog(null)}
        />
      </BoDialog>

      <BoDialog
        className="bor-dialog"
        open={dialog === "resend"}
        title={t("actions.resend")}
        onClose={() => setDialog(null)}
      >
        <p>{t("resend.text", { email: r.customerMail })}</p>
        <ErrorNotice error={resend.error} ns="bo-reservations" />
        <ResendButtons
          pending={resend.isPending}
          onSend={(key) => resend.mutate(key)}
          onBack={() => setDialog(null)}
        />
      </BoDialog>

      <BoDialog
        className="bor-dialog"
        open={dialog === "cancelLink"}
        title={t("actions.cancelLink")}
        onClose={() => setDialog(null)}
      >
        <p>{t("cancelLink.text")}</p>
        <ErrorNotice error={cancelLink.error} ns="bo-reservations" />
        <DialogActions
          go={t("cancelLink.go")}
          danger
          pending={cancelLink.isPending}
          onGo={() => cancelLink.mutate()}
          onBack={() => setDialog(null)}
        />
      </BoDialog>

      {d.cardHold ? (
        <>
          {holdDialog(
            "capture",
            t("actions.capture"),
            <CaptureDialog
              path={path}
              authorisedMinor={d.cardHold.authorisedMinor}
              money={money}
              onDone={(text) => done(text)}
              onBack={() => setDialog(null)}
            />,
          )}
          {holdDialog(
            "release",
            t("actions.release"),
            <ReleaseDialog
              path={path}
              authorisedMinor={d.cardHold.authorisedMinor}
              money={money}
              onDone={(text) => done(text)}
              onBack={() => setDialog(null)}
            />,
          )}
          {holdDialog(
            "charge",
            t("actions.chargeGuarantee"),
            <ChargeDialog
              path={path}
              cancelled={r.status === "cancelled"}
              totalMinor={d.totalMinor}
              defaults={d.cardHold.chargeDefaults}
              money={money}
              onDone={(text) => done(text)}
              onBack={() => setDialog(null)}
            />,
          )}
        </>
      ) : null}

      <BoDialog
        className="bor-dialog"
        open={dialog === "cancel"}
        title={t("actions.cancel")}
        onClose={() => setDialog(null)}
      >
        <CancelFlow
          path={path}
          rooms={r.rooms
            .filter((room) => room.status !== "C")
            .map((room) => ({ id: room.id, name: room.name }))}
          minor={(m) => f.money(m, currency, d.decimalDigits)}
          onDone={(text) => done(text)}
          onBack={() => setDialog(null)}
        />
      </BoDialog>

      <section className="bo-card" aria-labelledby="bor-rooms">
        <h2 id="bor-rooms">{t("rooms.title")}</h2>
        <TableWrap label={t("rooms.title")}>
          <table className="bo-table">
            <thead>
              <tr>
                <th scope="col">{t("rooms.room")}</th>
                <th scope="col">{t("rooms.rate")}</th>
                <th scope="col">{t("rooms.guests")}</th>
                <th scope="col" className="num">
                  {t("rooms.price")}
                </th>
                <th scope="col">{t("col.status")}</th>
              </tr>
            </thead>
            <tbody>
              {r.rooms.map((room) => (
                <tr key={room.id}>
                  <td>{room.name}</td>
                  <td>
                    {room.rateName}
                    <span className="bor-sub">
                      {t(`meal.${room.mealPlan}`, { defaultValue: room.mealPlan })}
                    </span>
                  </td>
                  <td>
                    {t("rooms.adultCount", { count: room.adults })}
                    {room.children.length > 0
                      ? `, ${t("rooms.childCount", { count: room.children.length })}`
                      : ""}
                    {room.guests.length > 0 ? (
                      <span className="bor-sub">
                        {room.guests.map((g) => `${g.firstName} ${g.lastName}`).join(", ")}
                      </span>
                    ) : null}
                  </td>
                  <td className="num bor-nowrap">
                    {major(room.roomTotal)}
                    {room.penalty ? (
                      <span className="bor-sub">{t("rooms.penalty", { amount: major(room.penalty) })}</span>
                    ) : null}
                  </td>
                  <td>
                    {room.status === "C" ? (
                      <span className="bo-badge bor-off">{t("rooms.cancelled")}</span>
                    ) : room.status === "W" ? (
                      <span className="bo-badge bor-wait">{t("status.waiting")}</span>
                    ) : (
                      <span className="bo-badge bor-ok">{t("rooms.active")}</span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableWrap>
      </section>

      <ResaleSection
        path={path}
        rooms={r.rooms}
        timeZone={d.timeZone}
        money={major}
        canWithdraw={canReservations}
        onDone={(text) => done(text)}
      />

      <section className="bo-card" aria-labelledby="bor-services">
        <h2 id="bor-services">{t("services.title")}</h2>
        {[...r.extra, ...r.rooms.flatMap((room) => room.extra)].length === 0 ? (
          <p>{t("services.none")}</p>
        ) : (
          <ul className="bor-list">
            {[...r.extra, ...r.rooms.flatMap((room) => room.extra)].map((s) => (
              <li key={s.id}>
                {s.quantity} × {s.name}
                {s.date ? ` · ${f.day(s.date)}` : ""} — {major(s.price)}
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="bo-card" aria-labelledby="bor-booker">
        <h2 id="bor-booker">{t("booker.title")}</h2>
        <dl className="bor-facts">
          <div>
            <dt>{t("booker.name")}</dt>
            <dd>{r.booker.fullname}</dd>
          </div>
          <div>
            <dt>{t("booker.email")}</dt>
            <dd>{r.booker.email}</dd>
          </div>
          <div>
            <dt>{t("booker.phone")}</dt>
            <dd>{r.booker.phone}</dd>
          </div>
          <div>
            <dt>{t("booker.country")}</dt>
            <dd>{r.booker.country}</dd>
          </div>
          {r.booker.arrivalTime ? (
            <div>
              <dt>{t("booker.arrivalTime")}</dt>
              <dd>{r.booker.arrivalTime}</dd>
            </div>
          ) : null}
        </dl>
        {r.invoice ? (
          <>
            <h3>{t("booker.invoice")}</h3>
            <p>
              {r.invoice.name}, {r.invoice.address}, {r.invoice.zip} {r.invoice.city}, {r.invoice.country}
              {r.invoice.vat ? ` · ${r.invoice.vat}` : ""}
            </p>
          </>
        ) : null}
      </section>

      <section className="bo-card" aria-labelledby="bor-payments">
        <h2 id="bor-payments">{t("payments.title")}</h2>
        <PaymentTable
          caption={t("payments.schedule")}
          whenHeader={t("payments.date")}
          rows={d.dues.map((due) => ({
            id: due.id,
            when: f.day(due.dueDate),
            kind: t(`dueKind.${due.kind}`, { defaultValue: due.kind }),
            amount: minor(due.amountMinor),
            status: (
              <>
                {t(`dueStatus.${due.status}`, { defaultValue: due.status })}
                {due.paidAt ? <span className="bor-sub">{f.instant(due.paidAt)}</span> : null}
                {due.linkPending ? <span className="bor-sub">{t("payments.linkPending")}</span> : null}
              </>
            ),
          }))}
        />
        <PaymentTable
          caption={t("payments.transactions")}
          whenHeader={t("payments.at")}
          rows={d.transactions.map((tx) => {
            const source = d.transactions.find((s) => s.id === tx.sourceId);
            return {
              id: tx.id,
              when: f.instant(tx.at),
              kind: (
                <>
                  {t(`txKind.${tx.kind}`, { defaultValue: tx.kind })}
                  {tx.cardLast4 ? <span className="bor-sub">•••• {tx.cardLast4}</span> : null}
                  {source ? (
                    <span className="bor-sub">
                      {t("payments.refundTo", {
                        what: t(`txKind.${source.kind}`, { defaultValue: source.kind }),
                        when: f.instant(source.at),
                        amount: minor(source.amountMinor),
                      })}
                    </span>
                  ) : null}
                </>
              ),
              amount: minor(tx.amountMinor),
              status: t(`txStatus.${tx.status}`, { defaultValue: tx.status }),
            };
          })}
        />
      </section>

      <NoteSection
        path={path}
        guestNote={r.notes.guest}
        propertyNote={d.propertyNote}
        editable={canReservations}
        onSaved={(text) => done(text)}
      />

      <section className="bo-card" aria-labelledby="bor-history">
        <h2 id="bor-history">{t("history.title")}</h2>
        <ol className="bor-timeline">
          {d.history.map((h) => (
            <li key={h.id}>
              <time dateTime={h.at}>{f.instant(h.at)}</time>{" "}
              <strong>{t(`history.${h.action}`, { defaultValue: h.action })}</strong>
              {h.fromStatus && h.toStatus && h.fromStatus !== h.toStatus
                ? ` · ${t(`status.${h.fromStatus}`, { defaultValue: h.fromStatus })} → ${t(`status.${h.toStatus}`, { defaultValue: h.toStatus })}`
                : ""}
              <span className="bor-sub">
                {t(`actor.${h.actor}`, { defaultValue: h.actor })}
                {h.by ? ` · ${h.by}` : ""}
              </span>
              {h.waivedMinor ? (
                <span className="bor-sub">{t("history.waived", { amount: minor(h.waivedMinor) })}</span>
              ) : null}
            </li>
          ))}
        </ol>
      </section>

      <section className="bo-card" aria-labelledby="bor-mails">
        <h2 id="bor-mails">{t("mails.title")}</h2>
        <TableWrap label={t("mails.title")}>
          <table className="bo-table">
            <thead>
              <tr>
                <th scope="col">{t("mails.date")}</th>
                <th scope="col">{t("mails.to")}</th>
                <th scope="col">{t("mails.subject")}</th>
                <th scope="col">{t("col.status")}</th>
              </tr>
            </thead>
            <tbody>
              {d.mails.length === 0 ? (
                <tr>
                  <td colSpan={4}>{t("mails.none")}</td>
                </tr>
              ) : (
                d.mails.map((m) => (
                  <tr key={m.id}>
                    <td className="bor-nowrap">{f.instant(m.sentAt ?? m.createdAt)}</td>
                    <td>{m.to}</td>
                    <td>{m.subject}</td>
                    <td>{t(`mailStatus.${m.status}`, { defaultValue: m.status })}</td>
                  </tr>
                ))
              )}
            </tbody>
          </table>
        </TableWrap>
      </section>
    </BoPage>
  );
}

function ResendButtons({
  pending,
  onSend,
  onBack,
}: {
  pending: boolean;
  onSend: (key: string) => void;
  onBack: () => void;
}) {
  const { t } = useTranslation("bo-reservations");
  // One key per opening of the dialog: a double click sends one mail.
  const [key] = useState(newIdempotencyKey);
  return <DialogActions go={t("resend.go")} pending={pending} onGo={() => onSend(key)} onBack={onBack} />;
}

function TransferForm({
  path,
  currency,
  decimalDigits,
  dueMinor,
  onDone,
}: {
  path: string;
  currency: string;
  decimalDigits: number;
  dueMinor: number;
  onDone: Done;
}) {
  const { t } = useTranslation("bo-reservations");
  const f = useFormats();
  const today = new Date().toISOString().slice(0, 10);
  const [amount, setAmount] = useState(decimalTextOf(dueMinor, decimalDigits));
  const [receivedOn, setReceivedOn] = useState(today);
  const [key] = useState(newIdempotencyKey);
  const [fieldError, setFieldError] = useState<string | undefined>();
  const record = useMutation({
    mutationFn: (body: { amountMinor: number; receivedOn: string }) => recordTransfer(path, body, key),
    onSuccess: (answer) =>
      onDone(t("done.transfer", { still: f.money(answer.stillDueMinor, currency, decimalDigits) })),
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const amountMinor = parseInputText(amount, decimalDigits);
    if (amountMinor === null || !Number.isFinite(amountMinor) || amountMinor <= 0) {
      setFieldError(t("transfer.amountInvalid"));
      return;
    }
    setFieldError(undefined);
    record.mutate({ amountMinor, receivedOn });
  };
  return (
    <form
      id="bor-transfer"
      className="bo-card bor-inline-form"
      onSubmit={onSubmit}
      aria-labelledby="bor-transfer-h"
    >
      <h2 id="bor-transfer-h">{t("actions.recordTransfer")}</h2>
      <div className="bo-filters">
        <Field label={t("transfer.amount", { currency })} error={fieldError}>
          {(p) => (
            <input
              {...p}
              inputMode="decimal"
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
              required
            />
          )}
        </Field>
        <Field label={t("transfer.receivedOn")}>
          {(p) => (
            <input
              {...p}
              type="date"
              max={today}
              value={receivedOn}
              onChange={(e) => setReceivedOn(e.target.value)}
              required
            />
          )}
        </Field>
      </div>
      <ErrorNotice error={record.error} ns="bo-reservations" />
      <button type="submit" className="bo-button" disabled={record.isPending}>
        {t("transfer.go")}
      </button>
    </form>
  );
}

function CancelFlow({
  path,
  rooms,
  minor,
  onDone,
  onBack,
}: {
  path: string;
  rooms: { id: number; name: string }[];
  minor: (m: number) => string;
  onDone: Done;
  onBack: () => void;
}) {
  const { t } = useTranslation("bo-reservations");
  const [room, setRoom] = useState("");
  // The property may give up the penalty; the preview shows what it comes to either way.
  const [waive, setWaive] = useState(false);
  const [key] = useState(newIdempotencyKey);
  const body = (preview: boolean, waivePenalty: boolean) => ({
    preview,
    ...(room ? { roomId: Number(room) } : {}),
    ...(waivePenalty ? { waivePenalty } : {}),
  });
  const preview = useMutation({
    mutationFn: (waivePenalty: boolean) => cancelReservation(path, body(true, waivePenalty)),
  });
  const cancel = useMutation({
    mutationFn: () => cancelReservation(path, body(false, waive), `${key}-${room}-${waive}`),
    onSuccess: () => onDone(t("done.cancel")),
  });
  const quote = preview.data;
  return (
    <div>
      {rooms.length > 1 ? (
        <Field label={t("cancel.what")}>
          {(p) => (
            <select
              {...p}
              value={room}
              onChange={(e) => {
                setRoom(e.target.value);
                setWaive(false);
                preview.reset();
              }}
            >
              <option value="">{t("cancel.whole")}</option>
              {rooms.map((r) => (
                <option key={r.id} value={r.id}>
                  {r.name}
                </option>
              ))}
            </select>
          )}
        </Field>
      ) : null}
      <p>{t("cancel.text")}</p>
      {quote ? (
        <dl className="bor-facts" aria-live="polite">
          <div>
            <dt>{t("cancel.penalty")}</dt>
            <dd>
              {quote.waivedMinor > 0
                ? t("cancel.waived", { amount: minor(quote.waivedMinor) })
                : quote.free
                  ? t("cancel.free")
                  : minor(quote.penaltyMinor)}
            </dd>
          </div>
          <div>
            <dt>{t("cancel.newTotal")}</dt>
            <dd>{minor(quote.newTotalMinor)}</dd>
          </div>
          <div>
            <dt>{t("cancel.refund")}</dt>
            <dd>{minor(quote.refundMinor)}</dd>
          </div>
          <div>
            <dt>{t("cancel.stillOwed")}</dt>
            <dd>{minor(quote.stillOwedMinor)}</dd>
          </div>
        </dl>
      ) : null}
      {quote && (quote.penaltyMinor > 0 || quote.waivedMinor > 0) ? (
        <label className="bor-waive">
          <input
            type="checkbox"
            checked={waive}
            disabled={preview.isPending}
            onChange={(e) => {
              setWaive(e.target.checked);
              preview.mutate(e.target.checked);
            }}
          />{" "}
          {t("cancel.waive")}
        </label>
      ) : null}
      <ErrorNotice error={preview.error ?? cancel.error} ns="bo-reservations" />
      <div className="bor-dialog-actions">
        {quote ? (
          <button
            type="button"
            className="bo-button danger"
            disabled={cancel.isPending || preview.isPending}
            onClick={() => cancel.mutate()}
          >
            {quote.cancelsReservation ? t("cancel.goWhole") : t("cancel.goRoom")}
          </button>
        ) : (
          <button
            type="button"
            className="bo-button"
            disabled={preview.isPending}
            onClick={() => preview.mutate(waive)}
          >
            {t("cancel.preview")}
          </button>
        )}
        <button type="button" className="bo-button secondary" onClick={onBack}>
          {t("dialog.back")}
        </button>
      </div>
    </div>
  );
}

function NoteSection({
  path,
  guestNote,
  propertyNote,
  editable,
  onSaved,
}: {
  path: string;
  guestNote: string | null;
  propertyNote: string | null;
  editable: boolean;
  onSaved: Done;
}) {
  const { t } = useTranslation("bo-reservations");
  const [note, setNote] = useState(propertyNote ?? "");
  useEffect(() => setNote(propertyNote ?? ""), [propertyNote]);
  const save = useMutation({
    mutationFn: (value: string | null) => savePropertyNote(path, value),
    onSuccess: (_answer, value) => onSaved(value ? t("done.noteSaved") : t("done.noteCleared")),
  });
  return (
    <section className="bo-card" aria-labelledby="bor-notes">
      <h2 id="bor-notes">{t("notes.title")}</h2>
      <h3>{t("notes.guest")}</h3>
      <p>{guestNote ?? t("notes.none")}</p>
      {editable ? (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            save.mutate(note.trim() ? note : null);
          }}
        >
          <Field
            label={t("notes.property")}
            hint={t("notes.hint", { count: note.length, max: PROPERTY_NOTE_MAX })}
          >
            {(p) => (
              <textarea
                {...p}
                rows={3}
                maxLength={PROPERTY_NOTE_MAX}
                value={note}
                onChange={(e) => setNote(e.target.value)}
              />
            )}
          </Field>
          <ErrorNotice error={save.error} ns="bo-reservations" />
          <div className="bor-dialog-actions">
            <button type="submit" className="bo-button" disabled={save.isPending}>
              {t("notes.save")}
            </button>
            {propertyNote ? (
              <button
                type="button"
                className="bo-button secondary"
                disabled={save.isPending}
                onClick={() => save.mutate(null)}
              >
                {t("notes.clear")}
              </button>
            ) : null}
          </div>
        </form>
      ) : (
        <p>{propertyNote ?? t("notes.none")}</p>
      )}
    </section>
  );
}
