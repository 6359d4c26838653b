import type { AvailResponse } from "@alloggio/domain/contract/search/avail";
import { todayInZone } from "@alloggio/domain/stay-dates/stay-dates";
import { selectItem, toEur, viewItemList } from "@alloggio/domain/tracking/events";
import { lazy, Suspense, useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { href } from "../../../app/routes";
import { formatDay } from "../../../lib/format";
import { useNavigateTo } from "../../../ui/app-link";
import { useHotel } from "../../hotel/hotel-context";
import { toSearchQuery } from "../../search/search-state";
import type { SearchFlow } from "../../search/use-search-flow";
import { useGuestsText } from "../../services/use-guests-text";
import { pushEcommerce } from "../../tracking/events";
import { findUpgrade, type RoomSlot, useRoomSlots } from "../use-room-slots";
import { CrossOptionCard } from "./cross-option";
import { ResultsSkeleton } from "./results-skeleton";
import { RoomCard } from "./room-card";
import { SelectionBar } from "./selection-bar";
import { SlotChoice } from "./slot-choice";
import { UpgradeOffer } from "./upgrade-offer";
import "./rooms.css";

// Only needed when nothing is free: loaded on demand, with its chart.
const NoAvailability = lazy(() => import("./no-availability").then((m) => ({ default: m.NoAvailability })));

function distinctRooms(result: AvailResponse): number {
  return new Set(result.availability.flatMap((rooms) => rooms.map((r) => r.id))).size;
}

/** The results of the search: status, one section per searched room, the chosen total and Continue. */
export function RoomResults({ flow }: { flow: SearchFlow }) {
  const { t } = useTranslation("rooms");
  const { ids, hotel, locale } = useHotel();
  const navigate = useNavigateTo();
  const guestsText = useGuestsText();
  const { result, search } = flow;
  const api = useRoomSlots(ids, search, result);
  const { slots, active, editing } = api;
  const today = todayInZone(new Date(), hotel.timeZone);
  const currency = result?.currency ?? hotel.currency;
  const headings = useRef(new Map<number, HTMLHeadingElement>());
  const bar = useRef<HTMLDivElement>(null);
  const moveFocus = useRef(false);

  // GA4 view_item_list once per result: the rooms shown, prices in EUR when the hotel's currency is.
  useEffect(() => {
    if (!result) return;
    const seen = new Map<number, { roomTypeId: number; name: string; price: number | null }>();
    for (const room of result.availability.flat())
      if (!seen.has(room.id)) seen.set(room.id, { roomTypeId: room.id, name: room.name, price: null });
    if (seen.size > 0) pushEcommerce(viewItemList([...seen.values()]));
  }, [result]);

  // After a choice the chosen list closes: focus goes to the next room to choose, or to the total and Continue.
  const activeId = slots[active]?.id ?? null;
  useEffect(() => {
    if (!moveFocus.current) return;
    moveFocus.current = false;
    const target = activeId !== null ? headings.current.get(activeId) : bar.current;
    target?.focus();
  }, [activeId]);
  const afterChoice =
    <A extends unknown[]>(fn: (...args: A) => void) =>
    (...args: A) => {
      moveFocus.current = true;
      fn(...args);
    };

  // The button pressed goes away with the offer: focus stays in the slot, on its heading.
  const keepFocus = (id: number, fn: () => void) => {
    fn();
    requestAnimationFrame(() => headings.current.get(id)?.focus());
  };

  const dates = `${formatDay(search.arrival, locale)} – ${formatDay(search.departure, locale)}`;
  const status = flow.loading
    ? t("results.loading")
    : flow.failed
      ? t("results.error")
      : flow.empty || !result
        ? t("results.none")
        : t("results.summary", { count: distinctRooms(result), dates });
  const promo = result?.promo ?? null;
  // A hidden code (SPEC §3) is never named: it shows as a special price, and says nothing when it does not apply.
  const hiddenPromo = !search.promoCode && Boolean(search.hiddenPromocode);

  const groups = search.rooms.map((room, i) => {
    const id = i + 1;
    const indexes = slots.flatMap((s, index) => (s.id === id ? [index] : []));
    return { id, room, indexes, members: indexes.map((index) => slots[index]!) };
  });

  return (
    <section className="results" aria-labelledby="results-title">
      <h2 id="results-title" className="visually-hidden">
        {t("results.title")}
      </h2>
      <div className="results__status" role="status" aria-live="polite">
        {/* The no-availability page says it in its heading; the status stays for screen readers. */}
        <p className={flow.empty ? "visually-hidden" : undefined}>{status}</p>
        {promo && !flow.loading && hiddenPromo ? (
          promo.valid ? (
            <p className="promo-status promo-status--valid">
              {`${t("promo.special")}${promo.name ? ` ${promo.name}` : ""}`}
            </p>
          ) : null
        ) : promo && !flow.loading ? (
          <p className={`promo-status${promo.valid ? " promo-status--valid" : " promo-status--invalid"}`}>
            {promo.valid
              ? // The hotel's own name for the promotion (hotel content, in the guest's language) follows.
                `${t("promo.applied", { code: promo.code })}${promo.name ? ` ${promo.name}` : ""}`
              : promo.reason === "unknown"
                ? t("promo.unknown", { code: promo.code })
                : t("promo.notApplicable", { code: promo.code })}
          </p>
        ) : null}
      </div>

      {flow.loading ? (
        <ResultsSkeleton count={2} />
      ) : flow.failed || !result ? (
        <div className="empty-state card">
          <p>{t("results.errorText")}</p>
          <button type="button" className="button" onClick={flow.retry}>
            {t("results.retry")}
          </button>
        </div>
      ) : flow.empty ? (
        <Suspense fallback={<div className="skeleton no-availability-skeleton" />}>
          <NoAvailability result={result} nearby={flow.nearby} nearbyLoading={flow.nearbyLoading} />
        </Suspense>
      ) : (
        <>
          {groups.map((group) => {
            const chosen =
              group.members.length > 0 && group.members.every((s) => s.selectedRoom && s.selectedRate);
            const isActive = group.indexes.includes(active);
            const isEditing = editing !== null && group.indexes.includes(editing);
            const rooms = result.availability[group.id - 1] ?? [];
            const first = group.indexes[0] ?? -1;
            const firstSlot: RoomSlot | undefined = group.members[0];
            const current = isEditing ? slots[editing] : undefined;
            const upgrade = firstSlot && !firstSlot.cross ? findUpgrade(firstSlot, rooms) : null;
            return (
              <section key={group.id} className="slot" aria-labelledby={`slot-${group.id}`}>
                <h2
                  className="slot__heading"
                  id={`slot-${group.id}`}
                  tabIndex={-1}
                  ref={(el) => {
                    if (el) headings.current.set(group.id, el);
                    else headings.current.delete(group.id);
                  }}
                >
                  {t("slot.heading", {
                    index: group.id,
                    total: search.rooms.length,
                    guests: guestsText(group.room),
                  })}
                </h2>
                {chosen && !isEditing && firstSlot ? (
                  <div className="slot__chosen card">
                    <SlotChoice slots={group.members} currency={currency} />
                    <div className="slot__chosen-actions">
                      <button
                        type="button"
                        className="button button--secondary"
                        onClick={() => api.change(first)}
                      >
                        {t("slot.change")}
                        <span className="visually-hidden"> {t("slot.changeWhich", { index: group.id })}</span>
                      </button>
                    </div>
                    <UpgradeOffer
                      slot={firstSlot}
                      upgrade={upgrade}
                      currency={currency}
                      onSwap={() => upgrade && keepFocus(group.id, () => api.swap(first, upgrade))}
                      onUndo={() => keepFocus(group.id, () => api.undoSwap(first))}
                      onDismiss={() => keepFocus(group.id, () => api.dismissUpgrade(first))}
                    />
                  </div>
                ) : isActive ? (
                  <div className="slot__rooms">
                    {isEditing ? (
                      <button
                        type="button"
                        className="link-button"
                        onClick={afterChoice(() => api.change(null))}
                      >
                        {t("slot.keep")}
                      </button>
                    ) : (
                      <p className="slot__hint">{t("slot.choose")}</p>
                    )}
                    {rooms.length > 0
                      ? rooms.map((room) => (
                          <RoomCard
                            key={room.id}
                            room={room}
                            currency={currency}
                            nights={result.nights}
                            today={today}
                            connected={search.rooms.length > 1 && flow.connectedRoomIds.includes(room.id)}
                            selected={
                              current?.selectedRoom && current.selectedRate
                                ? {
                                    roomId: current.selectedRoom.id,
                                    rateId: current.selectedRate.id,
                                    refund: current.selectedRate.refund,
                                  }
                                : null
                            }
                            onSelect={afterChoice((rate, refund) => {
                              pushEcommerce(
                                selectItem({
                                  roomTypeId: room.id,
                                  name: room.name,
                                  rateName: rate.name,
                                  price: toEur(rate.total, currency, null),
                                }),
                              );
                              api.select({ room, rate, refund });
                            })}
                            onRefundChange={(_rate, refund) =>
                              editing !== null && api.setRefund(editing, refund)
                            }
                          />
                        ))
                      : result.crossAvailability
                          .filter((c) => c.slot === group.id - 1)
                          .map((option) => (
                            <CrossOptionCard
                              key={option.rate.id}
                              option={option}
                              currency={currency}
                              onSelect={afterChoice(() => api.selectCross(option))}
                            />
                          ))}
                  </div>
                ) : (
                  <p className="slot__waiting muted">
                    {t("slot.waiting", { index: slots[active]?.id ?? group.id })}
                  </p>
                )}
              </section>
            );
          })}
          <div ref={bar} tabIndex={-1} className="selection-bar-anchor">
            <SelectionBar
              total={api.total}
              cityTax={api.cityTax}
              currency={currency}
              check={api.continueCheck}
              canClear={slots.some((s) => s.selectedRoom)}
              onClear={api.clear}
              onContinue={() => navigate(href("services", ids, toSearchQuery(search)))}
            />
          </div>
        </>
      )}
    </section>
  );
}
