import { addDays, dayOfWeek, nightsBetween, todayInZone } from "@alloggio/domain/stay-dates/stay-dates";
import { CalendarDays, ChevronLeft, ChevronRight, X } from "lucide-react";
import {
  type KeyboardEvent,
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from "react";
import { useTranslation } from "react-i18next";
import { formatDay } from "../../../lib/format";
import { useHotel } from "../../hotel/hotel-context";
import { useCalendar } from "../api/use-calendar";
import {
  addMonths,
  addMonthsToDay,
  arrivalBlock,
  type DateRules,
  type DayBlock,
  departureBlock,
  firstDayOfWeek,
  makeRules,
  monthWeeks,
  stayLimits,
} from "./date-rules";

export type DateRange = { arrival: string; departure: string };

export type DateRangePickerProps = {
  value: DateRange;
  onChange: (range: DateRange) => void;
  /** Offer validity of a package (YYYYMMDD): every night of the stay falls within it. */
  validFrom?: string | undefined;
  validTo?: string | undefined;
  /** A trade login sees the trade-only rates in the calendar. */
  login?: boolean | undefined;
  /** No hotel's calendar applies (portal mode): only past days and the validity are blocked. */
  noCalendar?: boolean | undefined;
};

const WIDE = "(min-width: 48em)";

function subscribeWide(onChange: () => void) {
  if (typeof window.matchMedia !== "function") return () => {};
  const query = window.matchMedia(WIDE);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
}

/** Two months side by side on a wide screen, one on a phone. */
function useMonthCount(): number {
  const wide = useSyncExternalStore(
    subscribeWide,
    () => typeof window.matchMedia === "function" && window.matchMedia(WIDE).matches,
    () => false,
  );
  return wide ? 2 : 1;
}

function useBlockText() {
  const { t } = useTranslation("search");
  return useCallback(
    (block: DayBlock) =>
      "count" in block
        ? t(`calendar.reason.${block.reason}`, { count: block.count })
        : t(`calendar.reason.${block.reason}`),
    [t],
  );
}

/**
 * The arrival and departure picker: a button showing the stay opens a modal dialog with month grids (WAI-ARIA
 * grid: arrows by day and week, PageUp/PageDown by month, Home/End to the week's ends, Enter/Space selects,
 * Escape closes). The first choice is the arrival, the second the departure. Days that cannot be chosen say why.
 */
export function DateRangePicker({
  value,
  onChange,
  validFrom,
  validTo,
  login,
  noCalendar,
}: DateRangePickerProps) {
  const { t } = useTranslation("search");
  const { hotel, ids, locale } = useHotel();
  const { calendar } = useCalendar({ hotel: ids.hotel, channel: ids.channel, login, enabled: !noCalendar });
  const localToday = todayInZone(new Date(), hotel.timeZone);
  const rules = useMemo(
    () => makeRules(calendar, localToday, { validFrom, validTo }),
    [calendar, localToday, validFrom, validTo],
  );
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const id = useId();

  const short = (ymd: string) => formatDay(ymd, locale, { weekday: "short", day: "numeric", month: "short" });
  const nights = nightsBetween(value.arrival, value.departure);

  // Focus goes back to the button once the modal dialog is gone: while it is open the rest of the page is inert,
  // so focusing the button in the same event would be lost.
  const returnFocus = useRef(false);
  const close = useCallback(() => {
    returnFocus.current = true;
    setOpen(false);
  }, []);
  useEffect(() => {
    if (open || !returnFocus.current) return;
    returnFocus.current = false;
    trigger.current?.focus();
  }, [open]);

  return (
    <div className="search-field search-field--dates">
      <span className="search-field__label" id={`${id}-label`}>
        {t("dates.label")}
      </span>
      <button
        ref={trigger}
        type="button"
        className="search-field__control"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-labelledby={`${id}-label ${id}-value`}
        onClick={() => setOpen(true)}
      >
        <CalendarDays aria-hidden="true" size={20} />
        <span id={`${id}-value`}>
          {t("dates.range", { arrival: short(value.arrival), departure: short(value.departure) })}{" "}
          <span className="search-field__extra">{t("dates.nights", { count: nights })}</span>
        </span>
      </button>
      {open ? (
        <CalendarDialog
          value={value}
          rules={rules}
          locale={locale}
          onSelect={(range) => {
            onChange(range);
            close();
          }}
          onClose={close}
        />
      ) : null}
    </div>
  );
}

type CalendarDialogProps = {
  value: DateRange;
  rules: DateRules;
  locale: string;
  onSelect: (range: DateRange) => void;
  onClose: () => void;
};

function CalendarDialog({ value, rules, locale, onSelect, onClose }: CalendarDialogProps) {
  const { t } = useTranslation("search");
  const blockText = useBlockText();
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const monthCount = useMonthCount();
  const firstDay = useMemo(() => firstDayOfWeek(locale), [locale]);

  // Keyboard focus may rest on any day from the first of today's month to the day after the calendar's last.
  const minFocus = `${rules.today.slice(0, 6)}01`;
  const maxFocus = rules.lastDay ? addDays(rules.lastDay, 1) : addDays(rules.today, 730);
  const clamp = (ymd: string) => (ymd < minFocus ? minFocus : ymd > maxFocus ? maxFocus : ymd);

  const [arrival, setArrival] = useState<string | null>(null);
  const [focused, setFocused] = useState(() => clamp(value.arrival));
  const [view, setView] = useState(() => clamp(value.arrival).slice(0, 6));
  const [hovered, setHovered] = useState<string | null>(null);
  const [message, setMessage] = useState(() => t("calendar.chooseArrival"));
  const focusPending = useRef(true);

  const firstView = rules.today.slice(0, 6);
  const lastView = addMonths(maxFocus.slice(0, 6), 1 - monthCount);
  const months = Array.from({ length: monthCount }, (_, i) => addMonths(view, i));

  useEffect(() => {
    const node = dialog.current;
    if (node && !node.open) {
      if (typeof node.showModal === "function") node.showModal();
      else node.setAttribute("open", "");
    }
  }, []);

  useEffect(() => {
    if (!focusPending.current) return;
    focusPending.current = false;
    dialog.current?.querySelector<HTMLButtonElement>(`[data-date="${focused}"]`)?.focus();
  });

  /** Keeps the focused day in view, moving the months when it leaves them. */
  const moveFocus = (next: string, moveDomFocus: boolean) => {
    const day = clamp(next);
    const month = day.slice(0, 6);
    setFocused(day);
    setView((current) => {
      if (month < current) return month;
      const last = addMonths(current, monthCount - 1);
      return month > last ? addMonths(month, 1 - monthCount) : current;
    });
    focusPending.current = moveDomFocus;
  };

  const showMonth = (delta: number) => {
    const next = addMonths(view, delta);
    if (next < firstView || next > lastView) return;
    setView(next);
    setFocused(clamp(addMonthsToDay(focused, delta)));
  };

  // Keep the roving focus inside the months shown (one month on a phone after a resize, say).
  useEffect(() => {
    const last = addMonths(view, monthCount - 1);
    if (focused.slice(0, 6) > last) setFocused(clamp(`${last}01`));
  });

  const blockOf = (date: string): DayBlock | null =>
    arrival && date > arrival ? departureBlock(arrival, date, rules) : arrivalBlock(date, rules);

  const select = (date: string) => {
    const block = blockOf(date);
    if (block) {
      setMessage(blockText(block));
      return;
    }
    if (arrival && date > arrival) {
      onSelect({ arrival, departure: date });
      return;
    }
    setArrival(date);
    const { min, max } = stayLimits(date, rules);
    const limits = [
      min > 1 ? t("calendar.reason.minStay", { count: min }) : null,
      rules.days.get(date)?.maxStay != null ? t("calendar.reason.maxStay", { count: max }) : null,
    ].filter(Boolean);
    setMessage([t("calendar.chooseDeparture", { date: formatDay(date, locale) }), ...limits].join(" "));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const weekday = (dayOfWeek(focused) - firstDay + 7) % 7;
    const target = (key: string): string | null => {
      switch (key) {
        case "ArrowLeft":
          return addDays(focused, -1);
        case "ArrowRight":
          return addDays(focused, 1);
        case "ArrowUp":
          return addDays(focused, -7);
        case "ArrowDown":
          return addDays(focused, 7);
        case "Home":
          return addDays(focused, -weekday);
        case "End":
          return addDays(focused, 6 - weekday);
        case "PageUp":
          return addMonthsToDay(focused, event.shiftKey ? -12 : -1);
        case "PageDown":
          return addMonthsToDay(focused, event.shiftKey ? 12 : 1);
        default:
          return null;
      }
    };
    const next = target(event.key);
    if (!next) return;
    event.preventDefault();
    moveFocus(next, true);
  };

  // The stay drawn on the grid: the committed one, or the new arrival up to the day under the pointer or focus.
  const previewEnd = hovered ?? focused;
  const start = arrival ?? value.arrival;
  const end = arrival
    ? previewEnd > arrival && !departureBlock(arrival, previewEnd, rules)
      ? previewEnd
      : null
    : value.departure;
  const note = blockOf(hovered ?? focused);

  const dayLabel = (date: string, block: DayBlock | null) =>
    [
      formatDay(date, locale, { dateStyle: "full" }),
      date === rules.today ? t("calendar.today") : null,
      date === start ? t("calendar.arrival") : null,
      date === end ? t("calendar.departure") : null,
      block ? blockText(block) : null,
    ]
      .filter(Boolean)
      .join(", ");

  const weekdays = useMemo(
    () =>
      Array.from({ length: 7 }, (_, i) => {
        // 2023-01-01 was a Sunday.
        const date = new Date(Date.UTC(2023, 0, 1 + ((firstDay + i) % 7)));
        const format = (weekday: "long" | "short") =>
          new Intl.DateTimeFormat(locale, { weekday, timeZone: "UTC" }).format(date);
        return { long: format("long"), short: format("short") };
      }),
    [locale, firstDay],
  );

  return (
    <dialog
      ref={dialog}
      className="dialog calendar"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onKeyDown={(event) => {
        if (event.key === "Escape") {
          event.preventDefault();
          onClose();
        }
      }}
      onClick={(event) => {
        if (event.target === dialog.current) onClose();
      }}
    >
      <div className="calendar__header">
        <h2 id={titleId} className="calendar__title">
          {t("calendar.title")}
        </h2>
        <button
          type="button"
          className="search-icon-button"
          aria-label={t("calendar.close")}
          onClick={onClose}
        >
          <X aria-hidden="true" size={20} />
        </button>
      </div>
      <p className="calendar__selection">
        <span>{t("calendar.arrivalValue", { date: formatDay(start, locale) })}</span>
        <span>
          {end
            ? t("calendar.departureValue", { date: formatDay(end, locale) })
            : t("calendar.departurePending")}
        </span>
      </p>
      {rules.validFrom || rules.validTo ? (
        <p className="calendar__offer">
          {rules.validFrom && rules.validTo
            ? t("calendar.offerValidity", {
                from: formatDay(rules.validFrom, locale),
                to: formatDay(rules.validTo, locale),
              })
            : rules.validTo
              ? t("calendar.offerUntil", { to: formatDay(rules.validTo, locale) })
              : t("calendar.offerFrom", { from: formatDay(rules.validFrom ?? rules.today, locale) })}
        </p>
      ) : null}
      <div className="calendar__body">
        <div className="calendar__nav">
          <button
            type="button"
            className="search-icon-button"
            aria-label={t("calendar.previousMonth")}
            disabled={view <= firstView}
            onClick={() => showMonth(-1)}
          >
            <ChevronLeft aria-hidden="true" size={20} />
          </button>
          <button
            type="button"
            className="search-icon-button"
            aria-label={t("calendar.nextMonth")}
            disabled={view >= lastView}
            onClick={() => showMonth(1)}
          >
            <ChevronRight aria-hidden="true" size={20} />
          </button>
        </div>
        {/* biome-ignore lint/a11y/noStaticElementInteractions: arrow keys of the grids below (WAI-ARIA grid pattern) */}
        <div className="calendar__months" onKeyDown={onKeyDown} onMouseLeave={() => setHovered(null)}>
          {months.map((ym) => {
            const captionId = `${titleId}-${ym}`;
            return (
              <div className="calendar__month" key={ym}>
                <h3 className="calendar__caption" id={captionId}>
                  {formatDay(`${ym}01`, locale, { month: "long", year: "numeric" })}
                </h3>
                {/* biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the WAI-ARIA date picker grid is a table */}
                <table role="grid" className="calendar__grid" aria-labelledby={captionId}>
                  <thead>
                    <tr>
                      {weekdays.map((w) => (
                        <th key={w.long} scope="col" abbr={w.long}>
                          {w.short}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {monthWeeks(ym, firstDay).map((week) => (
                      <tr key={week.find(Boolean) ?? ym}>
                        {week.map((date, i) => {
                          // biome-ignore lint/suspicious/noArrayIndexKey: blank cells before the 1st and after the last day
                          if (!date) return <td key={`${ym}-${i}`} />;
                          const block = blockOf(date);
                          const inRange = end !== null && date > start && date < end;
                          const classes = [
                            "calendar__day",
                            block ? "is-blocked" : "",
                            block?.reason === "closed" || block?.reason === "past" ? "is-closed" : "",
                            date === start ? "is-start" : "",
                            date === end ? "is-end" : "",
                            inRange ? "is-range" : "",
                            date === rules.today ? "is-today" : "",
                          ].join(" ");
                          return (
                            // biome-ignore lint/a11y/useAriaPropsSupportedByRole: a td in a grid table is a gridcell
                            <td key={date} aria-selected={date === start || date === end || inRange}>
                              <button
                                type="button"
                                className={classes}
                                data-date={date}
                                tabIndex={date === focused ? 0 : -1}
                                aria-disabled={block ? true : undefined}
                                aria-current={date === rules.today ? "date" : undefined}
                                aria-label={dayLabel(date, block)}
                                onClick={() => {
                                  setFocused(date);
                                  select(date);
                                }}
                                onFocus={() => setFocused(date)}
                                onMouseEnter={() => setHovered(date)}
                              >
                                {Number(date.slice(6, 8))}
                              </button>
                            </td>
                          );
                        })}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            );
          })}
        </div>
      </div>
      <p className="calendar__note" aria-hidden="true">
        {note ? blockText(note) : "\u00a0"}
      </p>
      <p className="calendar__notice" role="status" aria-live="polite">
        {message}
      </p>
    </dialog>
  );
}
