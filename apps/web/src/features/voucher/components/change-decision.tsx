import type {
  ModifyResponse,
  RecalcResponse,
  ReservationChange,
} from "@alloggio/domain/contract/booking/manage";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { confirmChange, dropChange } from "../api/use-modify";
import type { ManageContextValue } from "../manage-context";
import { useManageAction } from "../use-manage-action";
import { useManageError } from "../use-manage-error";
import type { VoucherFormat } from "../use-voucher-format";
import { ActionButtons, ActionProblem } from "./action-dialog";
import { ChangePreview } from "./change-preview";

type Holder = ManageContextValue["holder"];
type Confirm = { holder: Holder; change: ReservationChange; becomes: number };
const confirmCall = ({ holder, change, becomes }: Confirm, key: string) =>
  confirmChange(holder, change, becomes, key);
const reservationOf = (answer: ModifyResponse) => answer.reservation;
const dropCall = ({ holder, change }: Omit<Confirm, "becomes">, key: string) =>
  dropChange(holder, change, key);

/** The texts of a change dialog: `manage:<kind>.check`, `.checking`, `.confirm`, `.drop`, `.done`, `.donePayNow`, `.dropped`. */
export type ChangeKind = "dates" | "services";

/**
 * A change the guest has checked (its `recalc` preview) and now confirms (`modify`) or drops. Confirmed, the
 * dialog closes with the new total (and what is due now); an answer whose code is in `recheck` (a price or an
 * availability that moved) drops the preview, for a new check.
 */
export function useChangeDecision(
  manage: ManageContextValue,
  format: VoucherFormat,
  kind: ChangeKind,
  recheck: readonly string[],
) {
  const { t } = useTranslation("manage");
  const { holder } = manage;
  const [preview, setPreview] = useState<{ change: ReservationChange; result: RecalcResponse } | null>(null);
  const confirm = useManageAction(confirmCall, reservationOf);
  const drop = useManageAction(dropCall, reservationOf);

  const onConfirm = async () => {
    if (!preview) return;
    const outcome = await confirm.run({ holder, change: preview.change, becomes: preview.result.becomes });
    if (outcome.ok) {
      const result = outcome.result;
      manage.close(
        result.payNow > 0
          ? t(`${kind}.donePayNow`, {
              total: format.money(result.reservation.total),
              amount: format.money(result.payNow),
            })
          : t(`${kind}.done`, { total: format.money(result.reservation.total) }),
      );
    } else if (outcome.error && recheck.includes(outcome.error.code)) setPreview(null);
  };

  const onDrop = async () => {
    if (!preview) return;
    const outcome = await drop.run({ holder, change: preview.change });
    if (outcome.ok) manage.close(t(`${kind}.dropped`));
  };

  const failure =
    confirm.state.kind === "failed"
      ? confirm.state.error
      : drop.state.kind === "failed"
        ? drop.state.error
        : null;
  const sending = confirm.state.kind === "sending" || drop.state.kind === "sending";
  const close = () => manage.close();
  return { kind, format, preview, setPreview, onConfirm, onDrop, close, failure, sending };
}

/** The previewed change, what went wrong confirming it, and the guest's choice: drop it or confirm it. */
export function ChangeDecision({
  decision,
  busy,
}: {
  decision: ReturnType<typeof useChangeDecision>;
  busy: boolean;
}) {
  const { t } = useTranslation("manage");
  const errorText = useManageError();
  const { kind, preview } = decision;
  if (!preview) return null;
  return (
    <>
      <ChangePreview preview={preview.result} format={decision.format} />
      <ActionProblem message={decision.failure ? errorText(decision.failure) : null} />
      <ActionButtons
        backLabel={t(`${kind}.drop`)}
        onBack={decision.onDrop}
        backDisabled={busy}
        label={busy ? t("sending") : t(`${kind}.confirm`)}
        onAction={decision.onConfirm}
        disabled={busy}
      />
    </>
  );
}

/** The end of the check step: its problem (or why the last confirmation failed), Close, and Check. */
export function ChangeCheckButtons(props: {
  decision: ReturnType<typeof useChangeDecision>;
  problem: string | null;
  checking: boolean;
  busy: boolean;
  /** Nothing to check yet (no service to choose). */
  empty?: boolean;
}) {
  const { t } = useTranslation("manage");
  const errorText = useManageError();
  const { decision, busy } = props;
  const { kind, failure } = decision;
  return (
    <>
      <ActionProblem message={props.problem ?? (failure ? errorText(failure) : null)} />
      <ActionButtons
        backLabel={t("close")}
        onBack={decision.close}
        backDisabled={busy}
        label={props.checking ? t(`${kind}.checking`) : t(`${kind}.check`)}
        disabled={busy || props.empty === true}
      />
    </>
  );
}
