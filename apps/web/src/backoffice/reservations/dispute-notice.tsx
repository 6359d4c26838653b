import type { ReservationDetail } from "@alloggio/domain/contract/backoffice/reservations";
import { useTranslation } from "react-i18next";
import { useFormats } from "./format";

type Dispute = NonNullable<ReservationDetail["disputes"]>[number];

/** The reasons a bank gives that the notice names in prose; any other reads as the general one. */
const REASONS = [
  "fraudulent",
  "duplicate",
  "product_not_received",
  "product_unacceptable",
  "credit_not_processed",
  "unrecognized",
  "customer_initiated",
  "general",
] as const;

/** Where a dispute stands, in the notice's words: open (the hotel answers by the deadline), under review, or ended. */
function stageOf(status: string): "open" | "review" | "won" | "lost" | "closed" {
  if (status === "needs_response" || status === "warning_needs_response") return "open";
  if (status === "under_review" || status === "warning_under_review") return "review";
  if (status === "won" || status === "lost") return status;
  return "closed";
}

/**
 * The disputes (chargebacks) a card holder's bank opened on the reservation's payments: the amount, the bank's
 * reason in prose and, while open, the last moment to answer in the gateway's dashboard, in hotel time.
 */
export function DisputeNotice({
  disputes,
  timeZone,
  decimalDigits,
}: {
  disputes: readonly Dispute[] | undefined;
  timeZone: string;
  decimalDigits: number;
}) {
  const { t } = useTranslation("bo-reservations");
  const f = useFormats(timeZone);
  if (!disputes || disputes.length === 0) return null;
  return (
    <section className="bo-card bor-dispute" aria-labelledby="bor-disputes">
      <h2 id="bor-disputes">{t("dispute.title")}</h2>
      <ul className="bor-list">
        {disputes.map((d) => {
          const stage = stageOf(d.status);
          const reason = (REASONS as readonly string[]).includes(d.reason) ? d.reason : "general";
          return (
            <li key={d.id}>
              <p>
                {t("dispute.opened", {
                  amount: f.money(d.amountMinor, d.currency, decimalDigits),
                  when: f.date(d.openedAt),
                })}{" "}
                {t(`dispute.reason.${reason}`)}
              </p>
              <p>
                <strong>{t(`dispute.stage.${stage}`)}</strong>
                {stage === "open" && d.evidenceDueBy
                  ? ` ${t("dispute.dueBy", { when: f.instant(d.evidenceDueBy) })}`
                  : ""}
              </p>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
