import type { BoHotel, HotelInput } from "@alloggio/domain/contract/backoffice/property";
import {
  HOTEL_MAIL_LANGUAGES,
  type HotelMailLanguage,
} from "@alloggio/domain/contract/property/property-file";
import { CURRENCY_CODES } from "@alloggio/domain/currency/currencies";
import { languageOfText } from "@alloggio/domain/i18n/languages";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { boGet, boPut } from "../../api";
import { useCurrentHotel } from "../../layout";
import { ErrorNotice, Field } from "../../ui";
import {
  Card,
  Check,
  compactText,
  FormActions,
  fieldErrors,
  LocalizedFields,
  MoneyInput,
} from "../property/shared";
import { HotelListEditor, PaymentMethodsFieldset } from "./hotel-lists";
import "./hotel-section.css";

const PETS = ["not_allowed", "free", "per_stay", "per_night"] as const;
const LISTS = ["wellness", "activities", "businessServices"] as const;
const TIME_ZONES: string[] = (() => {
  try {
    return (Intl as unknown as { supportedValuesOf(key: string): string[] }).supportedValuesOf("timeZone");
  } catch {
    return [];
  }
})();

/** The catalogue's hotel section: details, times, policies, payment settings. */
export default function HotelSection() {
  const hotelId = useCurrentHotel();
  const { t } = useTranslation("bo-property");
  const queryClient = useQueryClient();
  const key = ["backoffice", "property", hotelId];
  const query = useQuery({
    queryKey: key,
    queryFn: (): Promise<BoHotel> => boGet(`hotels/${hotelId}/property`),
  });
  const [draft, setDraft] = useState<HotelInput | null>(null);
  const [saved, setSaved] = useState(false);
  useEffect(() => {
    if (query.data && !draft) {
      const { id: _id, hasReservations: _booked, ...input } = query.data;
      setDraft(input);
    }
  }, [query.data, draft]);
  const save = useMutation({
    mutationFn: (input: HotelInput): Promise<BoHotel> => boPut(`hotels/${hotelId}/property`, input),
    onSuccess: (data) => {
      queryClient.setQueryData(key, data);
      setSaved(true);
    },
  });
  if (query.error) return <ErrorNotice error={query.error} ns="bo-property" />;
  if (!draft || !query.data) return <p role="status">{t("form.loading")}</p>;
  const errors = fieldErrors(save.error);
  const set = <K extends keyof HotelInput>(name: K, value: HotelInput[K]) => {
    setSaved(false);
    setDraft({ ...draft, [name]: value });
  };
  const text = (name: "name" | "address" | "city" | "country" | "email" | "phone", type = "text") => (
    <Field label={t(`hotel.${name}`)} error={errors[name]}>
      {(props) => (
        <input
          {...props}
          type={type}
          required={name !== "phone"}
          value={draft[name] ?? ""}
          onChange={(e) => set(name, e.target.value)}
        />
      )}
    </Field>
  );
  const time = (
    name: "checkInFrom" | "checkInUntil" | "checkOutUntil" | "breakfastFrom" | "breakfastUntil",
  ) => (
    <Field
      label={t(`hotel.${name}`)}
      hint={name === "checkInUntil" ? t("hotel.checkInUntilHint") : undefined}
      error={errors[name]}
    >
      {(props) => (
        <input
          {...props}
          type="time"
          required={!name.startsWith("breakfast")}
          value={draft[name] ?? ""}
          onChange={(e) => set(name, e.target.value === "" ? undefined : e.target.value)}
        />
      )}
    </Field>
  );
  const messaging = draft.messaging ?? { active: false };
  const bank = draft.bankTransfer ?? null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({
      ...draft,
      description: compactText(draft.description),
      // A language left blank reads English on the guest's page.
      ...Object.fromEntries(
        LISTS.map((list) => [list, (draft[list] ?? []).map((item) => compactText(item) ?? { en: "" })]),
      ),
    });
  };
  return (
    <form onSubmit={submit} noValidate aria-label={t("hotel.title")}>
      <ErrorNotice error={save.error} ns="bo-property" />
      <Card title={t("hotel.general")}>
        {text("name")}
        {text("address")}
        {text("city")}
        <Field label={t("hotel.country")} hint={t("hotel.countryHint")} error={errors.country}>
          {(props) => (
            <input
              {...props}
              type="text"
              maxLength={2}
              required
              value={draft.country}
              onChange={(e) => set("country", e.target.value.toUpperCase())}
            />
          )}
        </Field>
        {text("email", "email")}
        {text("phone", "tel")}
        <Field label={t("hotel.mailLanguage")} hint={t("hotel.mailLanguageHint")} error={errors.mailLanguage}>
          {(props) => (
            <select
              {...props}
              value={draft.mailLanguage ?? "en"}
              onChange={(e) => set("mailLanguage", e.target.value as HotelMailLanguage)}
            >
              {/* Each language by its own name, as language pickers do. */}
              {HOTEL_MAIL_LANGUAGES.map((code) => (
                <option key={code} value={code} lang={code}>
                  {languageOfText(code).label}
                </option>
              ))}
            </select>
          )}
        </Field>
        <LocalizedFields
          legend={t("hotel.description")}
          value={draft.description}
          onChange={(v) => set("description", v)}
          multiline
          error={errors.description}
        />
      </Card>
      <Card title={t("hotel.timesAndMoney")}>
        <Field label={t("hotel.timeZone")} error={errors.timeZone}>
          {(props) => (
            <input
              {...props}
              list="bo-time-zones"
              required
              value={draft.timeZone}
              onChange={(e) => set("timeZone", e.target.value)}
            />
          )}
        </Field>
        <datalist id="bo-time-zones">
          {TIME_ZONES.map((zone) => (
            <option key={zone} value={zone} />
          ))}
        </datalist>
        <Field
          label={t("hotel.currency")}
          hint={query.data.hasReservations ? t("hotel.currencyLocked") : undefined}
          error={errors.currencyCode}
        >
          {(props) => (
            <select
              {...props}
              value={draft.currencyCode}
              disabled={query.data.hasReservations}
              onChange={(e) => set("currencyCode", e.target.value)}
            >
              {CURRENCY_CODES.map((code) => (
                <option key={code} value={code}>
                  {code}
                </option>
              ))}
            </select>
          )}
        </Field>
        {time("checkInFrom")}
        {time("checkInUntil")}
        {time("checkOutUntil")}
        {time("breakfastFrom")}
        {time("breakfastUntil")}
        <Field label={t("hotel.cityTax")} hint={t("hotel.cityTaxHint")} error={errors.cityTaxMinor}>
          {(props) => (
            <MoneyInput
              {...props}
              currency={draft.currencyCode}
              value={draft.cityTaxMinor}
              onChange={(v) => set("cityTaxMinor", v)}
            />
          )}
        </Field>
      </Card>
      <Card title={t("hotel.policies")}>
        <Field label={t("hotel.pets")} error={errors.pets}>
          {(props) => (
            <select
              {...props}
              value={draft.pets ?? "not_allowed"}
              onChange={(e) => set("pets", e.target.value as (typeof PETS)[number])}
            >
              {PETS.map((p) => (
                <option key={p} value={p}>
                  {t(`hotel.petPolicy.${p}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={t("hotel.petFee")} error={errors.petFeeMinor}>
          {(props) => (
            <MoneyInput
              {...props}
              currency={draft.currencyCode}
              value={draft.petFeeMinor}
              onChange={(v) => set("petFeeMinor", v)}
            />
          )}
        </Field>
        <div className="bo-wide">
          <Check
            label={t("hotel.guestsMandatory")}
            checked={draft.guestsMandatory ?? false}
            onChange={(v) => set("guestsMandatory", v)}
          />
          <Check
            label={t("hotel.showChat")}
            checked={draft.showChat ?? false}
            onChange={(v) => set("showChat", v)}
          />
        </div>
      </Card>
      <Card title={t("hotel.lists.title")}>
        <div className="bo-wide">
          {LISTS.map((list) => (
            <HotelListEditor
              key={list}
              name={list}
              legend={t(`hotel.lists.${list}`)}
              items={draft[list] ?? []}
              onChange={(items) => set(list, items)}
              errors={errors}
            />
          ))}
        </div>
      </Card>
      <Card title={t("hotel.messaging")}>
        <div className="bo-wide">
          <Check
            label={t("hotel.messagingActive")}
            checked={messaging.active}
            onChange={(v) => set("messaging", { ...messaging, active: v })}
          />
        </div>
        {(["button", "number", "mobileUrl", "webUrl"] as const).map((name) => (
          <Field key={name} label={t(`hotel.messagingFields.${name}`)} error={errors[`messaging.${name}`]}>
            {(props) => (
              <input
                {...props}
                type={name.endsWith("Url") ? "url" : "text"}
                value={messaging[name] ?? ""}
                onChange={(e) =>
                  set("messaging", {
                    ...messaging,
                    [name]: e.target.value === "" ? undefined : e.target.value,
                  })
                }
              />
            )}
          </Field>
        ))}
      </Card>
      <Card title={t("hotel.bankTransfer")}>
        <div className="bo-wide">
          <Check
            label={t("hotel.bankTransferOffered")}
            checked={bank !== null}
            onChange={(v) => set("bankTransfer", v ? { owner: "", iban: "", dueDays: 3 } : null)}
          />
        </div>
        {bank ? (
          <>
            <Field label={t("hotel.bankOwner")} error={errors["bankTransfer.owner"]}>
              {(props) => (
                <input
                  {...props}
                  required
                  value={bank.owner}
                  onChange={(e) => set("bankTransfer", { ...bank, owner: e.target.value })}
                />
              )}
            </Field>
            <Field label={t("hotel.iban")} error={errors["bankTransfer.iban"]}>
              {(props) => (
                <input
                  {...props}
                  required
                  value={bank.iban}
                  onChange={(e) => set("bankTransfer", { ...bank, iban: e.target.value.toUpperCase() })}
                />
              )}
            </Field>
            <Field label={t("hotel.bic")} error={errors["bankTransfer.bic"]}>
              {(props) => (
                <input
                  {...props}
                  value={bank.bic ?? ""}
                  onChange={(e) =>
                    set("bankTransfer", { ...bank, bic: e.target.value.toUpperCase() || undefined })
                  }
                />
              )}
            </Field>
            <Field label={t("hotel.dueDays")} error={errors["bankTransfer.dueDays"]}>
              {(props) => (
                <input
                  {...props}
                  type="number"
                  min={0}
                  max={365}
                  value={bank.dueDays ?? ""}
                  onChange={(e) =>
                    set("bankTransfer", {
                      ...bank,
                      dueDays: e.target.value === "" ? undefined : Number(e.target.value),
                    })
                  }
                />
              )}
            </Field>
          </>
        ) : null}
      </Card>
      <Card title={t("hotel.payments")}>
        <div className="bo-wide">
          <PaymentMethodsFieldset
            value={draft.paymentMethods ?? []}
            onChange={(methods) => set("paymentMethods", methods)}
            error={errors.paymentMethods ?? errors["paymentMethods.0"]}
          />
        </div>
      </Card>
      <FormActions
        busy={save.isPending}
        saved={saved}
        onCancel={() => {
          setDraft(null);
          save.reset();
          setSaved(false);
        }}
      />
    </form>
  );
}
