import {
  HOTEL_LIST_MAX_CHARS,
  HOTEL_LIST_MAX_ITEMS,
  HOTEL_PAYMENT_METHODS,
  type HotelPaymentMethod,
} from "@alloggio/domain/contract/property/property-file";
import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { type Localized, LocalizedFields } from "../property/shared";

/** The first error of a field or of anything under it (`wellness.2.it` is under `wellness.2`). */
function errorUnder(errors: Record<string, string>, field: string): string | undefined {
  if (errors[field]) return errors[field];
  const key = Object.keys(errors).find((k) => k.startsWith(`${field}.`));
  return key === undefined ? undefined : errors[key];
}

let nextKey = 0;
const newKey = () => `item-${++nextKey}`;

/**
 * One of the hotel's lists shown on the guest's hotel page (wellness, activities, business services): items added,
 * removed and moved up or down, each written in every language (English required). Nothing is saved until the
 * form is.
 */
export function HotelListEditor({
  name,
  legend,
  items,
  onChange,
  errors,
}: {
  name: string;
  legend: string;
  items: Localized[];
  onChange: (items: Localized[]) => void;
  errors: Record<string, string>;
}) {
  const { t } = useTranslation("bo-property");
  const id = useId();
  // Stable keys, so an item's inputs (and an open language group) move with it.
  const [keys, setKeys] = useState<string[]>(() => items.map(newKey));
  const [announcement, setAnnouncement] = useState("");
  const focusNext = useRef<string | null>(null);
  const listRef = useRef<HTMLOListElement>(null);
  const addRef = useRef<HTMLButtonElement>(null);
  const shownKeys = keys.length === items.length ? keys : items.map((_, i) => keys[i] ?? `item-extra-${i}`);
  useEffect(() => {
    if (keys.length !== items.length) setKeys(items.map((_, i) => keys[i] ?? newKey()));
  }, [items, keys]);
  useEffect(() => {
    const selector = focusNext.current;
    if (!selector) return;
    focusNext.current = null;
    const target =
      selector === "add" ? addRef.current : listRef.current?.querySelector<HTMLElement>(selector);
    target?.focus();
  });

  const move = (from: number, to: number) => {
    const nextItems = [...items];
    const nextKeys = [...shownKeys];
    const [item] = nextItems.splice(from, 1);
    const [key] = nextKeys.splice(from, 1);
    if (item === undefined || key === undefined) return;
    nextItems.splice(to, 0, item);
    nextKeys.splice(to, 0, key);
    setKeys(nextKeys);
    onChange(nextItems);
    // The same button again, or the other one when the item reached an end of the list.
    const up = to < from;
    const atEnd = up ? to === 0 : to === items.length - 1;
    focusNext.current = `[data-key="${key}"] [data-move="${up !== atEnd ? "up" : "down"}"]`;
    setAnnouncement(t("hotel.lists.moved", { n: to + 1 }));
  };
  const remove = (index: number) => {
    setKeys(shownKeys.filter((_, i) => i !== index));
    onChange(items.filter((_, i) => i !== index));
    focusNext.current = "add";
    setAnnouncement(t("hotel.lists.removed", { n: index + 1 }));
  };
  const add = () => {
    const key = newKey();
    setKeys([...shownKeys, key]);
    onChange([...items, { en: "" }]);
    focusNext.current = `[data-key="${key}"] input[lang="en"]`;
    setAnnouncement(t("hotel.lists.added", { n: items.length + 1 }));
  };
  const full = items.length >= HOTEL_LIST_MAX_ITEMS;
  const listError = errors[name];
  return (
    <fieldset className="bo-hotel-list" aria-describedby={`${id}-hint`}>
      <legend>{legend}</legend>
      <p id={`${id}-hint`} className="bo-hint">
        {t("hotel.lists.hint", { max: HOTEL_LIST_MAX_ITEMS, chars: HOTEL_LIST_MAX_CHARS })}
      </p>
      {listError ? (
        <p className="bo-field-error" role="alert">
          {listError}
        </p>
      ) : null}
      {items.length === 0 ? <p className="bo-hotel-list-empty">{t("hotel.lists.empty")}</p> : null}
      <ol ref={listRef} className="bo-hotel-list-items">
        {items.map((item, index) => {
          const key = shownKeys[index] ?? String(index);
          const n = index + 1;
          return (
            <li key={key} data-key={key}>
              <LocalizedFields
                legend={t("hotel.lists.item", { n })}
                value={item}
                onChange={(value) => onChange(items.map((it, i) => (i === index ? value : it)))}
                required
                maxLength={HOTEL_LIST_MAX_CHARS}
                error={errorUnder(errors, `${name}.${index}`)}
              />
              <div className="bo-hotel-list-actions">
                <button
                  type="button"
                  className="bo-button secondary"
                  data-move="up"
                  aria-label={t("hotel.lists.moveUp", { n })}
                  disabled={index === 0}
                  onClick={() => move(index, index - 1)}
                >
                  <span aria-hidden="true">↑</span>
                </button>
                <button
                  type="button"
                  className="bo-button secondary"
                  data-move="down"
                  aria-label={t("hotel.lists.moveDown", { n })}
                  disabled={index === items.length - 1}
                  onClick={() => move(index, index + 1)}
                >
                  <span aria-hidden="true">↓</span>
                </button>
                <button
                  type="button"
                  className="bo-button secondary bo-hotel-list-remove"
                  aria-label={t("hotel.lists.remove", { n })}
                  onClick={() => remove(index)}
                >
                  {t("hotel.lists.removeShort")}
                </button>
              </div>
            </li>
          );
        })}
      </ol>
      <div className="bo-hotel-list-add">
        <button ref={addRef} type="button" className="bo-button secondary" disabled={full} onClick={add}>
          {t("hotel.lists.add")}
        </button>
        {full ? (
          <span className="bo-hint">{t("hotel.lists.full", { max: HOTEL_LIST_MAX_ITEMS })}</span>
        ) : null}
      </div>
      <p role="status" className="bo-hotel-visually-hidden">
        {announcement}
      </p>
    </fieldset>
  );
}

/** The gateway's redirect methods the hotel offers at checkout, each with what the guest sees. */
export function PaymentMethodsFieldset({
  value,
  onChange,
  error,
}: {
  value: readonly HotelPaymentMethod[];
  onChange: (value: HotelPaymentMethod[]) => void;
  error?: string | undefined;
}) {
  const { t } = useTranslation("bo-property");
  const id = useId();
  const toggle = (method: HotelPaymentMethod, on: boolean) =>
    onChange(HOTEL_PAYMENT_METHODS.filter((m) => (m === method ? on : value.includes(m))));
  return (
    <fieldset className="bo-payment-methods" aria-describedby={`${id}-hint`}>
      <legend>{t("hotel.paymentMethods.legend")}</legend>
      <p id={`${id}-hint`} className="bo-hint">
        {t("hotel.paymentMethods.hint")}
      </p>
      {error ? (
        <p className="bo-field-error" role="alert">
          {error}
        </p>
      ) : null}
      {HOTEL_PAYMENT_METHODS.map((method) => (
        <div key={method} className="bo-payment-method">
          <input
            id={`${id}-${method}`}
            type="checkbox"
            checked={value.includes(method)}
            aria-describedby={`${id}-${method}-text`}
            onChange={(e) => toggle(method, e.target.checked)}
          />
          <div>
            <label htmlFor={`${id}-${method}`}>{t(`hotel.paymentMethods.${method}.label`)}</label>
            <p id={`${id}-${method}-text`} className="bo-hint">
              {t(`hotel.paymentMethods.${method}.text`)}
            </p>
          </div>
        </div>
      ))}
    </fieldset>
  );
}
