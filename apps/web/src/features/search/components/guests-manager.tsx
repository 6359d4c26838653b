import {
  type AgeGroup,
  addAdult,
  addChild,
  addRoom,
  agesOfGroups,
  firstMissingAge,
  type GuestRoom,
  MAX_ADULTS,
  MAX_CHILD_AGE,
  MAX_CHILDREN,
  MIN_ADULTS,
  MIN_CHILD_AGE,
  MIN_ROOMS,
  mergeRooms,
  type RoomLimits,
  removeAdult,
  removeChild,
  removeRoom,
  roomMisfit,
  SPEC_ROOM_LIMITS,
  setChildAge,
} from "@alloggio/domain/occupancy/occupancy";
import { Minus, Plus, Users } from "lucide-react";
import { type ReactNode, useEffect, useId, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useHotel } from "../../hotel/hotel-context";
import { MAX_ROOMS } from "../search-state";

export type GuestsManagerProps = {
  value: GuestRoom[];
  onChange: (rooms: GuestRoom[]) => void;
  /**
   * Counts the searches tried with a child's age still to choose: from the first, each such select shows its error,
   * and each new try opens the panel on the first of them.
   */
  missingAgeTries?: number;
};

const AGES = Array.from({ length: MAX_CHILD_AGE - MIN_CHILD_AGE + 1 }, (_, i) => MIN_CHILD_AGE + i);

type StepperProps = {
  label: string;
  groupLabel: string;
  addLabel: string;
  removeLabel: string;
  value: number;
  min: number;
  max: number;
  onAdd: () => void;
  onRemove: () => void;
  describedBy?: string | undefined;
  limit?: ReactNode;
};

/** − count +; a button at its bound is marked disabled but keeps focus, and the operation ignores it. */
function Stepper(props: StepperProps) {
  const atMin = props.value <= props.min;
  const atMax = props.value >= props.max;
  return (
    <div className="guests-stepper">
      <fieldset className="guests-stepper__row" aria-describedby={props.describedBy}>
        <legend className="visually-hidden">{props.groupLabel}</legend>
        <span className="guests-stepper__label" aria-hidden="true">
          {props.label}
        </span>
        <button
          type="button"
          className="guests-stepper__button"
          aria-label={props.removeLabel}
          aria-disabled={atMin || undefined}
          onClick={props.onRemove}
        >
          <Minus aria-hidden="true" size={18} />
        </button>
        <output className="guests-stepper__value" aria-live="polite">
          {props.value}
        </output>
        <button
          type="button"
          className="guests-stepper__button"
          aria-label={props.addLabel}
          aria-disabled={atMax || undefined}
          onClick={props.onAdd}
        >
          <Plus aria-hidden="true" size={18} />
        </button>
      </fieldset>
      {atMax && props.limit ? <p className="guests-stepper__limit">{props.limit}</p> : null}
    </div>
  );
}

type Band = { key: string; name: string; range: string };

/**
 * SPEC §9 age bands from the hotel's age groups: babies, children, kids, then "{years}+" for adults. Each band shows
 * the ages it takes (SPEC §5: a gap between groups falls in the next one up).
 */
function useAgeBands(groups: readonly AgeGroup[]): Band[] {
  const { t } = useTranslation("search");
  return useMemo(() => {
    const sorted = agesOfGroups(groups);
    const names =
      sorted.length === 1
        ? ["children"]
        : sorted.length === 2
          ? ["babies", "children"]
          : ["babies", "children", "kids"];
    const bands = sorted.map((g, i) => ({
      key: String(g.id),
      name: names[i] ? t(`guests.bands.${names[i]}`) : t("guests.bands.group", { n: i + 1 }),
      range: t("guests.bands.range", { min: g.min, max: g.max }),
    }));
    const adultFrom = Math.max(...sorted.map((g) => g.max)) + 1;
    bands.push({
      key: "adults",
      name: t("guests.bands.adults"),
      range: t("guests.bands.from", { years: adultFrom }),
    });
    return bands;
  }, [groups, t]);
}

/** The guests-and-rooms manager (SPEC §5): a summary button opening a panel of rooms, adults, children, ages. */
export function GuestsManager({ value, onChange, missingAgeTries = 0 }: GuestsManagerProps) {
  const { t } = useTranslation("search");
  const { hotel } = useHotel();
  const bands = useAgeBands(hotel.ageGroup);
  const limits: RoomLimits = hotel.largestRoom ?? SPEC_ROOM_LIMITS;
  const [open, setOpen] = useState(false);
  const [status, setStatus] = useState("");
  const root = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const addRoomButton = useRef<HTMLButtonElement>(null);
  const id = useId();

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (root.current && !root.current.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [open]);

  const close = () => {
    setOpen(false);
    toggle.current?.focus();
  };

  const adults = value.reduce((sum, room) => sum + room.adults, 0);
  const children = value.reduce((sum, room) => sum + room.ages.length, 0);
  const parts = {
    adults: t("guests.adultCount", { count: adults }),
    children: t("guests.childCount", { count: children }),
    rooms: t("guests.roomCount", { count: value.length }),
  };
  const summary = children ? t("guests.summary", parts) : t("guests.summaryNoChildren", parts);

  // A search tried with an age still to choose: open the panel on the first such select.
  const valueRef = useRef(value);
  valueRef.current = value;
  const focusAge = useRef<string | null>(null);
  useEffect(() => {
    if (missingAgeTries === 0) return;
    const missing = firstMissingAge(valueRef.current);
    if (!missing) return;
    focusAge.current = `${id}-r${missing.room}-c${missing.child}`;
    setOpen(true);
  }, [missingAgeTries, id]);
  // Once the panel is shown (a hidden select cannot take focus).
  useEffect(() => {
    if (!open || !focusAge.current) return;
    document.getElementById(focusAge.current)?.focus();
    focusAge.current = null;
  });

  const change = (next: GuestRoom[]) => {
    setStatus("");
    if (next !== value) onChange(next);
  };

  return (
    <div className="search-field search-field--guests" ref={root}>
      <span className="search-field__label" id={`${id}-label`}>
        {t("guests.label")}
      </span>
      <button
        ref={toggle}
        type="button"
        className="search-field__control"
        aria-expanded={open}
        aria-controls={`${id}-panel`}
        aria-labelledby={`${id}-label ${id}-value`}
        onClick={() => setOpen((o) => !o)}
      >
        <Users aria-hidden="true" size={20} />
        <span id={`${id}-value`}>{summary}</span>
      </button>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: Escape closes the panel from any of its controls */}
      <div
        id={`${id}-panel`}
        className="guests-panel"
        hidden={!open}
        onKeyDown={(event) => {
          if (event.key === "Escape") {
            event.preventDefault();
            close();
          }
        }}
      >
        {/* The panel's controls are rendered only while it is open: the closed manager (the search page's first
            render, ADR 0054) is the summary button alone. */}
        {open ? (
          <>
            {value.map((room, r) => {
              const n = r + 1;
              // SPEC §5's bounds hold whatever the hotel's rooms take; a room no room type fits is explained.
              const misfit = roomMisfit(room, limits, hotel.ageGroup);
              const misfitId = `${id}-r${r}-misfit`;
              return (
                // biome-ignore lint/suspicious/noArrayIndexKey: rooms have no id; their position is their name
                <fieldset className="guests-room" key={r}>
                  <legend className="guests-room__title">{t("guests.room", { n })}</legend>
                  <Stepper
                    label={t("guests.adults")}
                    groupLabel={t("guests.adultsIn", { n })}
                    addLabel={t("guests.addAdult", { n })}
                    removeLabel={t("guests.removeAdult", { n })}
                    value={room.adults}
                    min={MIN_ADULTS}
                    max={MAX_ADULTS}
                    onAdd={() => change(addAdult(value, r))}
                    onRemove={() => change(removeAdult(value, r))}
                    describedBy={misfit ? misfitId : undefined}
                    limit={t("guests.maxAdults", { count: MAX_ADULTS })}
                  />
                  <Stepper
                    label={t("guests.children")}
                    groupLabel={t("guests.childrenIn", { n })}
                    addLabel={t("guests.addChild", { n })}
                    removeLabel={t("guests.removeChild", { n })}
                    value={room.ages.length}
                    min={0}
                    max={MAX_CHILDREN}
                    onAdd={() => change(addChild(value, r))}
                    onRemove={() => change(removeChild(value, r, room.ages.length - 1))}
                    describedBy={misfit ? `${misfitId} ${id}-bands` : `${id}-bands`}
                    limit={t("guests.maxChildren", { count: MAX_CHILDREN })}
                  />
                  {/* Present while empty, so the note is read out when a step makes the room too large. */}
                  <div aria-live="polite">
                    {misfit ? (
                      <p className="guests-room__misfit" id={misfitId}>
                        {misfit.kind === "adults"
                          ? t("guests.noRoomAdults", { count: misfit.max })
                          : t("guests.noRoomGuests", { count: misfit.max })}
                      </p>
                    ) : null}
                  </div>
                  {room.ages.length ? (
                    <div className="guests-room__ages">
                      {room.ages.map((age, c) => {
                        const selectId = `${id}-r${r}-c${c}`;
                        const invalid = age === null && missingAgeTries > 0;
                        return (
                          // biome-ignore lint/suspicious/noArrayIndexKey: children are known by their position only
                          <div className="field guests-room__age" key={c}>
                            <label htmlFor={selectId}>{t("guests.childAge", { n: c + 1 })}</label>
                            <select
                              id={selectId}
                              required
                              value={age ?? ""}
                              aria-invalid={invalid || undefined}
                              aria-describedby={invalid ? `${selectId}-error` : undefined}
                              onChange={(event) => {
                                if (event.target.value !== "")
                                  change(setChildAge(value, r, c, Number(event.target.value)));
                              }}
                            >
                              <option value="" disabled>
                                {t("guests.agePlaceholder")}
                              </option>
                              {AGES.map((a) => (
                                <option key={a} value={a}>
                                  {t("guests.age", { count: a })}
                                </option>
                              ))}
                            </select>
                            {invalid ? (
                              <p className="field__error" id={`${selectId}-error`}>
                                {t("guests.ageRequired")}
                              </p>
                            ) : null}
                          </div>
                        );
                      })}
                    </div>
                  ) : null}
                  {value.length > MIN_ROOMS ? (
                    <button
                      type="button"
                      className="search-link-button"
                      onClick={() => {
                        change(removeRoom(value, r));
                        addRoomButton.current?.focus();
                      }}
                    >
                      {t("guests.removeRoom", { n })}
                    </button>
                  ) : null}
                </fieldset>
              );
            })}
            <div className="guests-panel__actions">
              <button
                ref={addRoomButton}
                type="button"
                className="button button--secondary"
                aria-disabled={value.length >= MAX_ROOMS || undefined}
                onClick={() => {
                  if (value.length < MAX_ROOMS) change(addRoom(value));
                }}
              >
                {t("guests.addRoom")}
              </button>
              {value.length > 1 ? (
                <button
                  type="button"
                  className="button button--secondary"
                  aria-describedby={`${id}-merge`}
                  onClick={() => {
                    change(mergeRooms(value));
                    setStatus(t("guests.merged"));
                    addRoomButton.current?.focus();
                  }}
                >
                  {t("guests.merge")}
                </button>
              ) : null}
            </div>
            {value.length > 1 ? (
              <p className="guests-panel__hint" id={`${id}-merge`}>
                {t("guests.mergeHint")}
              </p>
            ) : null}
            <div className="guests-bands" id={`${id}-bands`}>
              <p className="guests-bands__title">{t("guests.bands.title")}</p>
              <ul className="guests-bands__list">
                {bands.map((band) => (
                  <li key={band.key}>
                    <strong>{band.name}</strong> {band.range}
                  </li>
                ))}
              </ul>
            </div>
            <p className="visually-hidden" role="status">
              {status}
            </p>
            <button type="button" className="button guests-panel__done" onClick={close}>
              {t("guests.done")}
            </button>
          </>
        ) : null}
      </div>
    </div>
  );
}
