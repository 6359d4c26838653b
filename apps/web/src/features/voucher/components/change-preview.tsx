import type { RecalcResponse } from "@alloggio/domain/contract/booking/manage";
import { useTranslation } from "react-i18next";
import type { VoucherFormat } from "../use-voucher-format";

/** SPEC §4 "Modified: already debited, was, becomes", the difference and how it is settled. */
export function ChangePreview({ preview, format }: { preview: RecalcResponse; format: VoucherFormat }) {
  const { t } = useTranslation("manage");
  const signed = (n: number) => (n > 0 ? `+${format.money(n)}` : format.money(n));
  return (
    <div className="change-preview">
      <dl className="manage-figures">
        <div>
          <dt>{t("preview.alreadyDebited")}</dt>
          <dd>{format.money(preview.alreadyDebited)}</dd>
        </div>
        <div>
          <dt>{t("preview.was")}</dt>
          <dd>{format.money(preview.was)}</dd>
        </div>
        <div className="manage-figures__strong">
          <dt>{t("preview.becomes")}</dt>
          <dd>{format.money(preview.becomes)}</dd>
        </div>
        <div>
          <dt>{t("preview.difference")}</dt>
          <dd>{signed(preview.difference)}</dd>
        </div>
      </dl>
      <ul className="change-preview__settle">
        {preview.payNow > 0 ? <li>{t("preview.payNow", { amount: format.money(preview.payNow) })}</li> : null}
        {preview.payLater > 0 ? (
          <li>{t("preview.payLater", { amount: format.money(preview.payLater) })}</li>
        ) : null}
        {preview.payAtHotel > 0 ? (
          <li>{t("preview.payAtHotel", { amount: format.money(preview.payAtHotel) })}</li>
        ) : null}
        {preview.refund > 0 ? <li>{t("preview.refund", { amount: format.money(preview.refund) })}</li> : null}
        {preview.payNow <= 0 && preview.payLater <= 0 && preview.payAtHotel <= 0 && preview.refund <= 0 ? (
          <li>{t("preview.nothing")}</li>
        ) : null}
      </ul>
    </div>
  );
}
