import type { ReservationChange } from "@alloggio/domain/contract/booking/manage";
import type { Reservation } from "@alloggio/domain/contract/booking/retrieve";
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useId, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useHotel } from "../../hotel/hotel-context";
import { fetchServiceAvail } from "../../services/api/use-service-avail";
import { type Category, isLocked, resolveChoices, type ServiceChoice } from "../../services/chosen-services";
import { CategoryGroup } from "../../services/components/category-group";
import "../../services/services.css";
import { recalc } from "../api/use-recalc";
import type { ManageContextValue } from "../manage-context";
import { roomDates } from "../manage-rules";
import { asApiError } from "../use-manage-action";
import { useManageError } from "../use-manage-error";
import { useVoucherFormat } from "../use-voucher-format";
import { ActionDialog, ActionLoading, ActionProblem } from "./action-dialog";
import { ChangeCheckButtons, ChangeDecision, useChangeDecision } from "./change-decision";

type Room = Reservation["rooms"][number];

/** The services a room may still add: `serviceAvail.do` for its room, rate, guests and dates. */
function useRoomServices(reservation: Reservation, room: Room | undefined) {
  const { ids } = useHotel();
  const dates = room ? roomDates(room, reservation) : null;
  const params = room
    ? {
        channel: ids.channel,
        hotel: ids.hotel,
        language: ids.language,
        arrival: dates?.arrival,
        departure: dates?.departure,
        adults: room.adults,
        childs: room.children.length,
        ages: room.children,
        rate: room.rateId,
        room: room.roomTypeId,
        reservationCode: reservation.code,
      }
    : null;
  return useQuery({
    queryKey: ["service-avail", params],
    queryFn: ({ signal }) => fetchServiceAvail(params ?? {}, signal),
    enabled: params !== null,
  });
}

/** Mandatory services are on the booking already: only the optional ones can be added. */
function optionalOnly(categories: readonly Category[]): Category[] {
  return categories
    .map((category) => ({
      ...category,
      mandatory: false,
      services: category.services.filter((s) => !isLocked(s)),
    }))
    .filter((category) => category.services.length > 0);
}

const blank = (value: string | undefined) => (value?.trim() ? value.trim() : undefined);

/** Add services to a room: choose them (the services step's own components), preview the price, confirm. */
export function AddServicesDialog({
  manage,
  room,
}: {
  manage: ManageContextValue;
  room?: number | undefined;
}) {
  const { t } = useTranslation("manage");
  const { reservation, holder, abilities } = manage;
  const format = useVoucherFormat(reservation.currency);
  const errorText = useManageError();
  const id = useId();
  const rooms = reservation.rooms.filter((r) => abilities.addServices.has(r.id));
  const [roomId, setRoomId] = useState<number | undefined>(room ?? rooms[0]?.id);
  const current = rooms.find((r) => r.id === roomId);
  const services = useRoomServices(reservation, current);
  const [choices, setChoices] = useState<Record<number, ServiceChoice>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const decision = useChangeDecision(manage, format, "services", ["prices_changed"]);
  const { preview, setPreview, onDrop } = decision;
  const busy = checking || decision.sending;

  const categories = useMemo(() => optionalOnly(services.data?.categories ?? []), [services.data]);
  const guests = { adults: current?.adults ?? 1, children: current?.children.length ?? 0 };
  const chosen = resolveChoices(categories, choices, guests);

  const check = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || roomId === undefined) return;
    setProblem(null);
    if (chosen.length === 0) {
      setProblem(t("services.noneChosen"));
      return;
    }
    const change: ReservationChange = {
      kind: "services",
      services: chosen.map((s) => ({
        serviceId: s.serviceId,
        room: roomId,
        quantity: s.quantity,
        ...(s.date ? { date: s.date } : {}),
        ...(s.timeSlot ? { timeSlot: s.timeSlot } : {}),
        ...(s.transfer
          ? {
              transfer: {
                time: blank(s.transfer.time),
                placeCode: blank(s.transfer.placeCode),
                transportNumber: blank(s.transfer.transportNumber),
                note: blank(s.transfer.note),
              },
            }
          : {}),
      })),
    };
    setChecking(true);
    try {
      setPreview({ change, result: await recalc({ code: holder.code, mail: holder.mail }, change) });
    } catch (err) {
      setProblem(errorText(asApiError(err)));
    } finally {
      setChecking(false);
    }
  };

  return (
    <ActionDialog
      title={t("services.title")}
      onClose={() => (preview ? void onDrop() : manage.close())}
      busy={busy}
      wide
    >
      {preview ? (
        <>
          <ul className="manage-list">
            {chosen.map((s) => (
              <li key={s.serviceId}>
                {s.quantity > 1 ? t("services.item", { quantity: s.quantity, name: s.name }) : s.name}
              </li>
            ))}
          </ul>
          <ChangeDecision decision={decision} busy={busy} />
        </>
      ) : (
        <form noValidate onSubmit={check} className="manage-form">
          {rooms.length > 1 ? (
            <div className="field">
              <label htmlFor={`${id}-room`}>{t("services.room")}</label>
              <select
                id={`${id}-room`}
                value={roomId}
                onChange={(event) => {
                  setRoomId(Number(event.target.value));
                  setChoices({});
                }}
              >
                {rooms.map((r) => (
                  <option key={r.id} value={r.id}>
                    {t("roomName", { number: manage.roomNumber(r.id), name: r.name })}
                  </option>
                ))}
              </select>
            </div>
          ) : current ? (
            <p className="muted">
              {t("roomName", { number: manage.roomNumber(current.id), name: current.name })}
            </p>
          ) : null}
          {services.isPending ? (
            <ActionLoading text={t("services.loading")} />
          ) : services.isError ? (
            <ActionProblem message={errorText(asApiError(services.error))} />
          ) : categories.length === 0 ? (
            <p>{t("services.none")}</p>
          ) : (
            categories.map((category) => (
              <CategoryGroup
                key={category.id}
                id={`${id}-category-${category.id}`}
                category={category}
                currency={services.data?.currency ?? reservation.currency}
                guests={guests}
                chosen={chosen}
                missing={false}
                onChange={(serviceId, choice) =>
                  setChoices((all) => {
                    const next = { ...all };
                    if (choice) next[serviceId] = choice;
                    else delete next[serviceId];
                    return next;
                  })
                }
              />
            ))
          )}
          <ChangeCheckButtons
            decision={decision}
            problem={problem}
            checking={checking}
            busy={busy}
            empty={categories.length === 0}
          />
        </form>
      )}
    </ActionDialog>
  );
}
