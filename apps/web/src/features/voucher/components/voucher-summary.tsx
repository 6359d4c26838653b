import type { Reservation } from "@alloggio/domain/contract/booking/retrieve";
import { CircleAlert, CircleCheck, CircleX, Clock, Copy, CreditCard, FileDown, Printer } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../../lib/api-client";
import { useHotel } from "../../hotel/hotel-context";
import { useDownloadVoucherPdf } from "../api/use-voucher-pdf";
import { useManage } from "../manage-context";
import type { VoucherFormat } from "../use-voucher-format";

const STATUS_ICONS = {
  confirmed: CircleCheck,
  pending_confirmation: Clock,
  payment_required: CreditCard,
  preauth_required: CreditCard,
  cancelled: CircleX,
} as const;

/** The head of the voucher: the hotel, the code (large, copyable), the status in words, Print, Download PDF. */
export function VoucherSummary({ reservation, format }: { reservation: Reservation; format: VoucherFormat }) {
  const { t } = useTranslation("voucher");
  const [notice, setNotice] = useState("");
  const { status } = reservation;
  const Icon = STATUS_ICONS[status] ?? CircleAlert;
  const holder = useManage()?.holder;
  const { ids } = useHotel();
  const pdf = useDownloadVoucherPdf();

  async function copy() {
    try {
      await navigator.clipboard.writeText(reservation.code);
      setNotice(t("summary.copied"));
    } catch {
      setNotice(t("summary.copyFailed"));
    }
  }

  function downloadPdf() {
    if (!holder || pdf.isPending) return;
    setNotice(t("summary.pdfPreparing"));
    pdf.mutate(
      { channel: holder.channel, code: holder.code, mail: holder.mail, language: ids.language },
      {
        onSuccess: () => setNotice(t("summary.pdfSaved")),
        onError: (error) =>
          setNotice(
            error instanceof ApiError && error.status === 429
              ? t("rateLimited.text")
              : t("summary.pdfFailed"),
          ),
      },
    );
  }

  const note =
    status === "pending_confirmation"
      ? reservation.optionExpiresAt
        ? t("statusNote.pending_confirmation", { dateTime: format.instant(reservation.optionExpiresAt) })
        : t("statusNote.pendingNoExpiry")
      : t(`statusNote.${status}`);

  return (
    <header className="voucher__summary">
      <h1 className="voucher__title">{t("summary.title", { hotel: reservation.hotel.name })}</h1>
      <div className="voucher__code-row">
        <p className="voucher__code">
          <span className="voucher__code-label">{t("summary.code")}</span>
          <strong className="voucher__code-value">{reservation.code}</strong>
        </p>
        <div className="voucher__tools">
          <button type="button" className="button button--secondary" onClick={copy}>
            <Copy aria-hidden="true" focusable="false" size={18} />
            {t("summary.copy")}
          </button>
          <button type="button" className="button button--secondary" onClick={() => window.print()}>
            <Printer aria-hidden="true" focusable="false" size={18} />
            {t("summary.print")}
          </button>
          {holder ? (
            <button
              type="button"
              className="button button--secondary"
              onClick={downloadPdf}
              aria-disabled={pdf.isPending}
            >
              <FileDown aria-hidden="true" focusable="false" size={18} />
              {t("summary.downloadPdf")}
            </button>
          ) : null}
        </div>
        <p role="status" className="voucher__copied">
          {notice}
        </p>
      </div>
      <div className={`voucher__status voucher__status--${status}`}>
        <Icon aria-hidden="true" focusable="false" size={22} />
        <p>
          <strong>
            <span className="visually-hidden">{t("summary.status")} </span>
            {t(`status.${status}`)}
          </strong>
          <span className="voucher__status-note">{note}</span>
        </p>
      </div>
    </header>
  );
}
