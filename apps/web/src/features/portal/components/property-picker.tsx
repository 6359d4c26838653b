import type { Destination } from "@alloggio/domain/contract/portal/destinations";
import { Building2, ChevronDown } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";

export type PropertyPickerProps = {
  destinations: readonly Destination[];
  /** The chosen hotels; empty means every property. */
  value: readonly number[];
  onChange: (hotels: number[]) => void;
};

function DestinationBox({
  destination,
  chosen,
  onToggle,
}: {
  destination: Destination;
  chosen: ReadonlySet<number>;
  onToggle: (ids: number[], on: boolean) => void;
}) {
  const { t } = useTranslation("portal");
  const box = useRef<HTMLInputElement>(null);
  const ids = destination.properties.map((p) => p.id);
  const count = ids.filter((id) => chosen.has(id)).length;
  const all = count === ids.length && ids.length > 0;
  useEffect(() => {
    if (box.current) box.current.indeterminate = count > 0 && !all;
  }, [count, all]);
  const id = useId();
  return (
    <fieldset className="property-picker__group">
      <legend className="visually-hidden">{destination.name}</legend>
      <div className="property-picker__option property-picker__option--destination">
        <input
          ref={box}
          id={id}
          type="checkbox"
          checked={all}
          onChange={(e) => onToggle(ids, e.target.checked)}
        />
        <label htmlFor={id}>
          {destination.name} <span className="muted">{t("picker.count", { count: destination.count })}</span>
        </label>
      </div>
      <ul className="property-picker__properties">
        {destination.properties.map((p) => (
          <li key={p.id} className="property-picker__option">
            <input
              id={`${id}-${p.id}`}
              type="checkbox"
              checked={chosen.has(p.id)}
              onChange={(e) => onToggle([p.id], e.target.checked)}
            />
            <label htmlFor={`${id}-${p.id}`}>{p.name}</label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

/**
 * The search bar's destination or property multi-select (SPEC §2): a button that opens a panel of destinations,
 * each with its property count and a box per property. Choosing a destination chooses all its properties.
 */
export function PropertyPicker({ destinations, value, onChange }: PropertyPickerProps) {
  const { t } = useTranslation("portal");
  const [open, setOpen] = useState(false);
  const id = useId();
  const chosen = new Set(value);
  const names = destinations.flatMap((d) => d.properties).filter((p) => chosen.has(p.id));
  const chosenDestinations = destinations.filter(
    (d) => d.properties.length > 0 && d.properties.every((p) => chosen.has(p.id)),
  );
  const summary =
    value.length === 0
      ? t("picker.all")
      : chosenDestinations.length > 0 &&
          chosenDestinations.reduce((n, d) => n + d.properties.length, 0) === value.length
        ? chosenDestinations.map((d) => d.name).join(", ")
        : names.length === 1
          ? (names[0]?.name ?? "")
          : t("picker.some", { count: value.length });

  // Escape closes the open panel and gives focus back to its button.
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      event.stopPropagation();
      setOpen(false);
      document.getElementById(`${id}-button`)?.focus();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open, id]);

  const toggle = (ids: number[], on: boolean) => {
    const next = new Set(value);
    for (const hotel of ids) {
      if (on) next.add(hotel);
      else next.delete(hotel);
    }
    onChange([...next].sort((a, b) => a - b));
  };

  return (
    <div className="search-field property-picker">
      <span className="search-field__label" id={`${id}-label`}>
        {t("picker.label")}
      </span>
      <button
        id={`${id}-button`}
        type="button"
        className="search-field__control"
        aria-expanded={open}
        aria-controls={`${id}-panel`}
        aria-labelledby={`${id}-label ${id}-button`}
        onClick={() => setOpen((o) => !o)}
      >
        <Building2 aria-hidden="true" size={20} />
        <span>{summary}</span>
        <ChevronDown aria-hidden="true" size={16} />
      </button>
      <div id={`${id}-panel`} className="property-picker__panel card" hidden={!open}>
        {destinations.map((d) => (
          <DestinationBox key={d.id} destination={d} chosen={chosen} onToggle={toggle} />
        ))}
        <div className="property-picker__actions">
          <button type="button" className="button button--secondary" onClick={() => onChange([])}>
            {t("picker.clear")}
          </button>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => {
              setOpen(false);
              document.getElementById(`${id}-button`)?.focus();
            }}
          >
            {t("picker.done")}
          </button>
        </div>
      </div>
    </div>
  );
}
