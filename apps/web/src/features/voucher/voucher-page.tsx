import type { Reservation } from "@alloggio/domain/contract/booking/retrieve";
import { useTranslation } from "react-i18next";
import { href } from "../../app/routes";
import { ApiError } from "../../lib/api-client";
import { AppLink } from "../../ui/app-link";
import { PageSkeleton } from "../../ui/page-skeleton";
import { useHotel } from "../hotel/hotel-context";
import { usePurchaseReport } from "../tracking/use-purchase-report";
import { useReservation } from "./api/use-retrieve";
import { VoucherView } from "./components/voucher-view";
import { useReservationParams } from "./route-params";
import "./voucher.css";

/** Why the reservation did not load: wrong details (400, 404), too many tries (429), or anything else. */
function LoadProblem({ error, onRetry }: { error: Error; onRetry: () => void }) {
  const { t } = useTranslation("voucher");
  const { ids } = useHotel();
  const status = error instanceof ApiError ? error.status : 0;
  const kind = status === 404 || status === 400 ? "notFound" : status === 429 ? "rateLimited" : "loadError";
  return (
    <main className="page voucher-problem" id="main">
      <h1>{t(`${kind}.title`)}</h1>
      <p>{t(`${kind}.text`)}</p>
      <div className="voucher-problem__actions">
        {kind === "notFound" ? null : (
          <button type="button" className="button" onClick={onRetry}>
            {t("retry")}
          </button>
        )}
        <AppLink
          className={`button${kind === "notFound" ? "" : " button--secondary"}`}
          to={href("recover", ids)}
        >
          {t("notFound.recover")}
        </AppLink>
      </div>
    </main>
  );
}

/** The voucher route: `retrieve.do` with the code and e-mail of the path and the channel of the route. */
export default function VoucherPage() {
  const { t } = useTranslation("voucher");
  const { ids } = useHotel();
  const { code, email } = useReservationParams();
  // The names (rooms, rates, services) in the page's language, whatever language the guest booked in.
  const query = useReservation({ channel: ids.channel, code, mail: email, language: ids.language });

  if (query.isPending)
    return (
      <main id="main" aria-busy="true">
        <p className="visually-hidden" role="status">
          {t("loading")}
        </p>
        <PageSkeleton />
      </main>
    );
  if (query.isError) return <LoadProblem error={query.error} onRetry={() => void query.refetch()} />;
  return <BookedVoucher reservation={query.data} mail={email} />;
}

/** The voucher; right after its booking, it reports the purchase once (ADR 0041). */
function BookedVoucher({ reservation, mail }: { reservation: Reservation; mail: string }) {
  usePurchaseReport(reservation);
  return <VoucherView reservation={reservation} mail={mail} />;
}
