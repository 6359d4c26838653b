import { commissionMinor } from "@alloggio/domain/booking/commission";
import type { Rate } from "@alloggio/domain/contract/search/avail";
import { amountOf, moneyOf } from "@alloggio/domain/money/amounts";
import { Briefcase } from "lucide-react";
import { useTranslation } from "react-i18next";
import "./trade-booking.css";
import { useFormatPrice } from "../currency/use-format-price";
import { useTrade } from "../trade/trade-context";

/** The commission of a rate's nights, by the server's own rule (the domain's `commissionMinor`), in major units. */
export function rateCommission(rate: Pick<Rate, "commission" | "nightly">, currency: string): number | null {
  // An account's own 0 % is a commission of 0, not "none" (ADR 0062).
  if (rate.commission === null) return null;
  const nightsMinor = rate.nightly.reduce((sum, n) => sum + moneyOf(n.price, currency).minor, 0);
  return amountOf({ minor: commissionMinor(nightsMinor, rate.commission), currency });
}

/**
 * On a trade channel with a trade login (ADR 0031): whether the rate is commissionable (its percent and
 * the amount on this stay) or net. Nothing for a guest.
 */
export function RateCommission({ rate, currency }: { rate: Rate; currency: string }) {
  const trade = useTrade();
  // The texts load only where they are shown: a guest's page never asks for the namespace.
  return trade?.user && !trade.user.mustChangePassword ? (
    <TradeTerms rate={rate} currency={currency} />
  ) : null;
}

function TradeTerms({ rate, currency }: { rate: Rate; currency: string }) {
  // No suspense: the login happens on this page, and suspending the results would take the focus from the header.
  const { t, ready } = useTranslation("trade-booking", { useSuspense: false });
  const formatPrice = useFormatPrice();
  if (!ready) return null;
  const amount = rateCommission(rate, currency);
  return (
    <li className="rate__term--trade">
      <Briefcase aria-hidden="true" focusable="false" size={16} />
      <span>
        {amount !== null && rate.commission !== null
          ? t("rate.commissionable", {
              percent: rate.commission.toLocaleString(undefined, { maximumFractionDigits: 2 }),
              amount: formatPrice(amount, currency),
            })
          : // A public rate sold to the agent pays no commission, and it is not a net rate.
            t(rate.net ? "rate.net" : "rate.public")}
      </span>
    </li>
  );
}
