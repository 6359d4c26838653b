import { AlertTriangle, Clock } from "lucide-react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { href } from "../../app/routes";
import { AppLink, useNavigateTo } from "../../ui/app-link";
import { useHotel } from "../hotel/hotel-context";
import { Stepper } from "../rooms/components/stepper";
import { PAYMENT_RECEIVED } from "./manage-context";
import { useReservationParams } from "./route-params";
import { POLL_DELAYS, usePaymentCheck } from "./use-payment-check";
import "./voucher.css";

/**
 * The 3-D Secure return (SPEC §2): the guest is back from the bank's challenge. The page confirms nothing by itself:
 * it asks the server (`confirmPayment.do`), which asks the gateway; paid → the voucher, in place of this page.
 */
export function ThreeDsReturn({ pollDelays = POLL_DELAYS }: { pollDelays?: readonly number[] }) {
  const { t } = useTranslation("voucher");
  const { ids, hotel } = useHotel();
  const { code, email } = useReservationParams();
  const navigate = useNavigateTo();
  const { check, retry } = usePaymentCheck(code, hotel.gateway, pollDelays);

  // A payment that went through is announced on the voucher (with what is paid and what is left).
  const paid = check.kind === "done" && check.paid;
  useEffect(() => {
    if (check.kind === "done")
      navigate(href("voucher", { ...ids, code, email }), {
        replace: true,
        state: paid ? { [PAYMENT_RECEIVED]: true } : null,
      });
  }, [check.kind, paid, navigate, ids, code, email]);

  const problem = check.kind === "failed" || check.kind === "error";
  const message = problem
    ? t("threeDs.problem")
    : check.kind === "waiting"
      ? t("threeDs.waiting")
      : check.kind === "done"
        ? t("threeDs.paid")
        : t("threeDs.checking");

  return (
    <main className="page payment-check" id="main">
      <Stepper current="confirm" />
      <h1>{t("threeDs.title")}</h1>
      <div className={`payment-check__box${problem ? " payment-check__box--problem" : ""}`}>
        {problem ? (
          <AlertTriangle aria-hidden="true" focusable="false" size={28} />
        ) : check.kind === "waiting" ? (
          <Clock aria-hidden="true" focusable="false" size={28} />
        ) : (
          <span className="spinner" aria-hidden="true" />
        )}
        <p role="status" aria-live="polite" className="payment-check__message">
          {message}
        </p>
      </div>
      <div className="payment-check__actions">
        {check.kind === "waiting" || check.kind === "error" ? (
          <button type="button" className="button" onClick={retry}>
            {t("threeDs.retry")}
          </button>
        ) : null}
        {problem ? (
          <AppLink
            className={`button payment-check__link${check.kind === "error" ? " button--secondary" : ""}`}
            to={href("rooms", ids)}
          >
            {t("threeDs.backToRooms")}
          </AppLink>
        ) : null}
      </div>
      {check.kind === "failed" ? null : (
        <p className="muted payment-check__code">{t("threeDs.code", { code })}</p>
      )}
    </main>
  );
}

export default function ThreeDsPage() {
  return <ThreeDsReturn />;
}
