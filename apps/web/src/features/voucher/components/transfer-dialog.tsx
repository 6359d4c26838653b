import { validateTransferDetails } from "@alloggio/domain/booking/transfer";
import type { TransferDetails, TransferUpdateResponse } from "@alloggio/domain/contract/booking/manage";
import type { Reservation } from "@alloggio/domain/contract/booking/retrieve";
import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { updateTransfer } from "../api/use-transfer-update";
import type { ManageContextValue } from "../manage-context";
import { useManageAction } from "../use-manage-action";
import { useManageError } from "../use-manage-error";
import { ActionButtons, ActionDialog, ActionProblem } from "./action-dialog";

type Extra = Reservation["extra"][number];
type Fields = { time: string; placeCode: string; transportNumber: string; note: string };
type Args = { holder: ManageContextValue["holder"]; serviceId: number; transfer: TransferDetails };
const updateCall = ({ holder, serviceId, transfer }: Args, key: string) =>
  updateTransfer(holder, serviceId, transfer, key);

/** The reservation with the saved details in place: nothing else changed, so retrieve.do is not asked again. */
export function withTransfer(
  answer: TransferUpdateResponse,
  current: Reservation | undefined,
): Reservation | null {
  if (!current) return null;
  const patch = (extra: Extra) => (extra.id === answer.id ? { ...extra, transfer: answer.transfer } : extra);
  return {
    ...current,
    rooms: current.rooms.map((room) => ({ ...room, extra: room.extra.map(patch) })),
    extra: current.extra.map(patch),
  };
}

export function findService(reservation: Reservation, serviceId: number): Extra | undefined {
  return [...reservation.rooms.flatMap((room) => room.extra), ...reservation.extra].find(
    (s) => s.id === serviceId,
  );
}

const blank = (value: string) => (value.trim() ? value.trim() : undefined);

/** Edit a transfer's details (time, place code, flight/train/boat number, note) until the day before it. */
export function TransferDialog({ manage, service }: { manage: ManageContextValue; service: number }) {
  const { t } = useTranslation(["manage", "errors"]);
  const { reservation, holder } = manage;
  const errorText = useManageError();
  const id = useId();
  const extra = findService(reservation, service);
  const [fields, setFields] = useState<Fields>({
    time: extra?.transfer?.time ?? "",
    placeCode: extra?.transfer?.placeCode ?? "",
    transportNumber: extra?.transfer?.transportNumber ?? "",
    note: extra?.transfer?.note ?? "",
  });
  const [errors, setErrors] = useState<Partial<Record<keyof Fields, string>>>({});
  const action = useManageAction(updateCall, withTransfer);
  const sending = action.state.kind === "sending";

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const transfer = {
      time: blank(fields.time),
      placeCode: blank(fields.placeCode),
      transportNumber: blank(fields.transportNumber),
      note: blank(fields.note),
    };
    const found = validateTransferDetails(transfer);
    setErrors(Object.fromEntries(found.map((e) => [e.field, e.code])));
    if (found.length > 0) {
      document.getElementById(`${id}-${found[0]?.field}`)?.focus();
      return;
    }
    const outcome = await action.run({ holder, serviceId: service, transfer });
    if (outcome.ok) manage.close(t("transfer.done", { name: extra?.name ?? "" }));
  };

  const field = (
    name: keyof Fields,
    label: string,
    input: (props: Record<string, unknown>) => React.ReactNode,
  ) => {
    const error = errors[name];
    return (
      <div className="field">
        <label htmlFor={`${id}-${name}`}>{label}</label>
        {input({
          id: `${id}-${name}`,
          value: fields[name],
          "aria-invalid": error ? true : undefined,
          "aria-describedby": error ? `${id}-${name}-error` : undefined,
          onChange: (e: { target: { value: string } }) =>
            setFields((f) => ({ ...f, [name]: e.target.value })),
        })}
        {error ? (
          <p className="field__error" id={`${id}-${name}-error`}>
            {t(`errors:${error}`)}
          </p>
        ) : null}
      </div>
    );
  };

  return (
    <ActionDialog
      title={t("transfer.title", { name: extra?.name ?? "" })}
      onClose={() => manage.close()}
      busy={sending}
    >
      <form noValidate onSubmit={save} className="manage-form">
        <p className="muted">{t("transfer.hint")}</p>
        {field("time", t("transfer.time"), (p) => (
          <input type="time" {...p} />
        ))}
        {field("placeCode", t("transfer.placeCode"), (p) => (
          <input maxLength={20} autoCapitalize="characters" {...p} />
        ))}
        {field("transportNumber", t("transfer.transportNumber"), (p) => (
          <input maxLength={20} autoCapitalize="characters" {...p} />
        ))}
        {field("note", t("transfer.note"), (p) => (
          <textarea rows={3} maxLength={500} {...p} />
        ))}
        <ActionProblem message={action.state.kind === "failed" ? errorText(action.state.error) : null} />
        <ActionButtons
          backLabel={t("close")}
          onBack={() => manage.close()}
          backDisabled={sending}
          label={sending ? t("sending") : t("transfer.save")}
          disabled={sending}
        />
      </form>
    </ActionDialog>
  );
}
