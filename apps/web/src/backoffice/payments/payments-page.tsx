import type {
  BoPaymentSettings,
  PaymentConnection,
  PaymentGatewayChoice,
  SavePaymentKeysRequest,
} from "@alloggio/domain/contract/backoffice/payments";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../lib/api-client";
import { boDelete, boGet, boPost, boPut, fieldError } from "../api";
import { useCurrentHotel } from "../layout";
import { BoDialog, BoPage, ErrorNotice, Field, Notice } from "../ui";
import "./payments.css";

const NS = "bo-payments";
const settingsQuery = (hotel: number) => ["backoffice", "payments", hotel] as const;
type KeyField = "secretKey" | "publishableKey" | "webhookSecret";

function readSettings(hotel: number) {
  return boGet<BoPaymentSettings>(`hotels/${hotel}/payments`);
}
function saveKeys(hotel: number, body: SavePaymentKeysRequest) {
  return boPut<BoPaymentSettings>(`hotels/${hotel}/payments/stripe-keys`, body);
}
function chooseGateway(hotel: number, gateway: PaymentGatewayChoice) {
  return boPut<BoPaymentSettings>(`hotels/${hotel}/payments/gateway`, { gateway });
}
function removeKeys(hotel: number) {
  return boDelete<BoPaymentSettings>(`hotels/${hotel}/payments/stripe-keys`);
}
function testConnection(hotel: number) {
  return boPost<PaymentConnection>(`hotels/${hotel}/payments/test-connection`);
}

function useDate() {
  const { i18n } = useTranslation();
  return (iso: string) =>
    new Intl.DateTimeFormat(i18n.language || "en", { dateStyle: "medium", timeStyle: "short" }).format(
      new Date(iso),
    );
}

/** A refused key's text: the reason the server names (prefix, mode, format), else the generic check. */
function useKeyError() {
  const { t } = useTranslation(NS);
  return (error: unknown, field: KeyField): string | undefined => {
    if (!(error instanceof ApiError)) return undefined;
    const detail = error.details.find((d) => d.field === field);
    const reason = detail?.params?.reason;
    if (typeof reason === "string") return t(`reasons.${reason}`, { defaultValue: fieldError(error, field) });
    return fieldError(error, field);
  };
}

/** A secret input, never pre-filled: the stored one shows as "•••• 1234" with "Replace". */
function SecretField({
  label,
  hint,
  stored,
  replaceLabel,
  value,
  error,
  onChange,
}: {
  label: string;
  hint: string;
  /** What stands for the stored secret ("•••• 1234", "Set"); null when none is stored. */
  stored: string | null;
  replaceLabel: string;
  value: string | null;
  error: string | undefined;
  onChange: (value: string | null) => void;
}) {
  const { t } = useTranslation(NS);
  const input = useRef<HTMLInputElement>(null);
  const replacing = stored !== null && value !== null;
  // "Replace" takes the focus to the empty field it opens (the button it pressed is gone).
  useEffect(() => {
    if (replacing) input.current?.focus();
  }, [replacing]);
  if (stored !== null && value === null)
    return (
      <div className="bo-field">
        <span className="bo-pay-label">{label}</span>
        <div className="bo-pay-stored">
          <code>{stored}</code>
          <button
            type="button"
            className="bo-button secondary"
            aria-label={replaceLabel}
            onClick={() => onChange("")}
          >
            {t("keys.replace")}
          </button>
        </div>
        {error ? <p className="bo-field-error">{error}</p> : null}
      </div>
    );
  return (
    <div className="bo-pay-secret">
      <Field label={label} hint={hint} error={error}>
        {(props) => (
          <input
            {...props}
            ref={input}
            type="password"
            className="bo-pay-key"
            value={value ?? ""}
            autoComplete="off"
            spellCheck={false}
            onChange={(e) => onChange(e.target.value)}
          />
        )}
      </Field>
      {replacing ? (
        <button type="button" className="bo-button secondary bo-pay-keep" onClick={() => onChange(null)}>
          {t("keys.keep")}
        </button>
      ) : null}
    </div>
  );
}

/** The Stripe keys form: the secret key and webhook signing secret go in, the last 4 and "set" come back. */
function KeysForm({
  hotel,
  settings,
  saved,
  onSaved,
}: {
  hotel: number;
  settings: BoPaymentSettings;
  saved: boolean;
  onSaved: (saved: boolean) => void;
}) {
  const { t } = useTranslation(NS);
  const queryClient = useQueryClient();
  const keyError = useKeyError();
  const stripe = settings.stripe;
  const [secretKey, setSecretKey] = useState<string | null>(null);
  const [webhookSecret, setWebhookSecret] = useState<string | null>(null);
  const [publishableKey, setPublishableKey] = useState(stripe?.publishableKey ?? "");
  const save = useMutation({
    mutationFn: (body: SavePaymentKeysRequest) => saveKeys(hotel, body),
    onSuccess: (answer) => {
      queryClient.setQueryData(settingsQuery(hotel), answer);
      setSecretKey(null);
      setWebhookSecret(null);
      setPublishableKey(answer.stripe?.publishableKey ?? "");
      onSaved(true);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSaved(false);
    const body: SavePaymentKeysRequest = {};
    if (secretKey) body.secretKey = secretKey;
    if (publishableKey !== (stripe?.publishableKey ?? "") || !stripe) body.publishableKey = publishableKey;
    if (webhookSecret) body.webhookSecret = webhookSecret;
    save.mutate(body);
  };
  const invalid = save.error instanceof ApiError && save.error.code === "invalid_input";
  return (
    <form onSubmit={submit} noValidate className="bo-pay-form">
      <SecretField
        label={t("keys.secretKey")}
        hint={t("keys.secretKeyHint")}
        stored={stripe ? `•••• ${stripe.secretKeyLast4}` : null}
        replaceLabel={t("keys.replaceSecretKey")}
        value={stripe ? secretKey : (secretKey ?? "")}
        error={keyError(save.error, "secretKey")}
        onChange={setSecretKey}
      />
      <Field
        label={t("keys.publishableKey")}
        hint={t("keys.publishableKeyHint")}
        error={keyError(save.error, "publishableKey")}
      >
        {(props) => (
          <input
            {...props}
            className="bo-pay-key"
            value={publishableKey}
            autoComplete="off"
            spellCheck={false}
            onChange={(e) => setPublishableKey(e.target.value)}
          />
        )}
      </Field>
      <SecretField
        label={t("keys.webhookSecret")}
        hint={t("keys.webhookSecretHint")}
        stored={stripe?.webhookSecretSet ? t("keys.set") : null}
        replaceLabel={t("keys.replaceWebhookSecret")}
        value={stripe?.webhookSecretSet ? webhookSecret : (webhookSecret ?? "")}
        error={keyError(save.error, "webhookSecret")}
        onChange={setWebhookSecret}
      />
      {invalid ? (
        <p className="bo-error" role="alert">
          {t("errors.invalid_input")}
        </p>
      ) : (
        <ErrorNotice error={save.error} ns={NS} />
      )}
      {saved ? <Notice>{t("keys.saved")}</Notice> : null}
      <div className="bo-pay-actions">
        <button type="submit" className="bo-button" disabled={save.isPending || !settings.canStoreKeys}>
          {t("keys.save")}
        </button>
      </div>
    </form>
  );
}

/** "Test the connection": the account's name, mode and enabled methods, or why it failed. */
function ConnectionTest({ hotel }: { hotel: number }) {
  const { t } = useTranslation(NS);
  const test = useMutation({ mutationFn: () => testConnection(hotel) });
  const account = test.data;
  return (
    <div className="bo-pay-test">
      <button
        type="button"
        className="bo-button secondary"
        disabled={test.isPending}
        onClick={() => test.mutate()}
      >
        {t("test.button")}
      </button>
      {test.isPending ? <p role="status">{t("test.pending")}</p> : null}
      {account ? (
        <div role="status" className="bo-pay-account">
          <p>
            <strong>{t("test.connected", { name: account.name, country: account.country })}</strong>
          </p>
          <p>{t(`mode.${account.mode}`)}</p>
          <p>
            {t("test.methods")}{" "}
            {account.methods.length > 0 ? account.methods.join(", ") : t("test.noMethods")}
          </p>
        </div>
      ) : null}
      <ErrorNotice error={test.error} ns={NS} />
    </div>
  );
}

/** Which gateway takes the hotel's card payments: Stripe only once its keys are complete. */
function GatewayChoice({
  hotel,
  settings,
  done,
  onDone,
}: {
  hotel: number;
  settings: BoPaymentSettings;
  done: boolean;
  onDone: (done: boolean) => void;
}) {
  const { t } = useTranslation(NS);
  const queryClient = useQueryClient();
  const headingId = useId();
  const [choice, setChoice] = useState<PaymentGatewayChoice>(settings.gateway);
  const stripeReady = settings.stripe?.webhookSecretSet === true;
  const choose = useMutation({
    mutationFn: (gateway: PaymentGatewayChoice) => chooseGateway(hotel, gateway),
    onSuccess: (answer) => {
      queryClient.setQueryData(settingsQuery(hotel), answer);
      onDone(true);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onDone(false);
    choose.mutate(choice);
  };
  return (
    <section className="bo-card" aria-labelledby={headingId}>
      <h2 id={headingId}>{t("gateway.title")}</h2>
      <p>{t("gateway.current", { gateway: t(`gateway.names.${settings.gateway}`) })}</p>
      <form onSubmit={submit}>
        <fieldset className="bo-pay-choices">
          <legend>{t("gateway.legend")}</legend>
          {(["sandbox", "stripe"] as const).map((gateway) => (
            <label key={gateway} className="bo-pay-choice">
              <input
                type="radio"
                name="gateway"
                value={gateway}
                checked={choice === gateway}
                disabled={gateway === "stripe" && !stripeReady}
                onChange={() => setChoice(gateway)}
              />
              <span>
                <strong>{t(`gateway.names.${gateway}`)}</strong>
                <span className="bo-hint">{t(`gateway.about.${gateway}`)}</span>
              </span>
            </label>
          ))}
        </fieldset>
        {stripeReady ? null : <p className="bo-hint bo-pay-note">{t("gateway.stripeNeedsKeys")}</p>}
        <ErrorNotice error={choose.error} ns={NS} />
        {done ? <Notice>{t("gateway.saved")}</Notice> : null}
        <button
          type="submit"
          className="bo-button"
          disabled={choose.isPending || choice === settings.gateway}
        >
          {t("gateway.save")}
        </button>
      </form>
    </section>
  );
}

/**
 * The hotel's payments (ADR 0073), owner only: the gateway that takes its card payments, its Stripe keys (the
 * secret ones never shown again: last 4, "set"), "Test the connection", and what to give Stripe for webhooks.
 */
export default function PaymentsPage() {
  const { t } = useTranslation(NS);
  const hotel = useCurrentHotel() ?? 0;
  const date = useDate();
  const queryClient = useQueryClient();
  const keysId = useId();
  const webhookId = useId();
  const [removing, setRemoving] = useState(false);
  /** What was last done, said once the form it came from has started afresh. */
  const [done, setDone] = useState<"keys" | "gateway" | "removed" | null>(null);
  const query = useQuery({
    queryKey: settingsQuery(hotel),
    queryFn: () => readSettings(hotel),
    enabled: hotel > 0,
  });
  const remove = useMutation({
    mutationFn: () => removeKeys(hotel),
    onSuccess: (answer) => {
      queryClient.setQueryData(settingsQuery(hotel), answer);
      setRemoving(false);
      setDone("removed");
    },
  });
  const settings = query.data;
  const stripe = settings?.stripe ?? null;

  return (
    <BoPage title={t("title")}>
      <p className="bo-pay-intro">{t("intro")}</p>
      {query.isPending && hotel > 0 ? <p>{t("loading")}</p> : null}
      <ErrorNotice error={query.error} ns={NS} />
      {settings ? (
        <>
          {settings.liveSite && stripe?.mode === "test" ? (
            <p className="bo-pay-warning" role="note">
              <strong>{t("testOnLiveSite")}</strong>
            </p>
          ) : null}
          {settings.canStoreKeys ? null : (
            <p className="bo-pay-warning" role="note">
              {t("noKeysSecret")}
            </p>
          )}
          <GatewayChoice
            key={`${settings.gateway}:${stripe?.updatedAt ?? ""}`}
            hotel={hotel}
            settings={settings}
            done={done === "gateway"}
            onDone={(yes) => setDone(yes ? "gateway" : null)}
          />

          <section className="bo-card" aria-labelledby={keysId}>
            <h2 id={keysId}>{t("keys.title")}</h2>
            <p>{t("keys.intro")}</p>
            {stripe ? (
              <dl className="bo-pay-summary">
                <dt>{t("keys.mode")}</dt>
                <dd>
                  <span className={`bo-badge bo-pay-mode-${stripe.mode}`}>{t(`mode.${stripe.mode}`)}</span>
                </dd>
                {stripe.keyKind === "restricted" ? (
                  <>
                    <dt>{t("keys.kind")}</dt>
                    <dd>{t("keys.restricted")}</dd>
                  </>
                ) : null}
                <dt>{t("keys.changed")}</dt>
                <dd>
                  {stripe.updatedBy
                    ? t("keys.changedBy", { date: date(stripe.updatedAt), name: stripe.updatedBy })
                    : date(stripe.updatedAt)}
                </dd>
              </dl>
            ) : null}
            {done === "removed" ? <Notice>{t("remove.done")}</Notice> : null}
            <KeysForm
              key={stripe?.updatedAt ?? "none"}
              hotel={hotel}
              settings={settings}
              saved={done === "keys"}
              onSaved={(yes) => setDone(yes ? "keys" : null)}
            />
            {stripe ? (
              <div className="bo-pay-actions">
                <ConnectionTest hotel={hotel} />
                <button
                  type="button"
                  className="bo-button danger"
                  onClick={() => {
                    remove.reset();
                    setRemoving(true);
                  }}
                >
                  {t("remove.button")}
                </button>
              </div>
            ) : null}
          </section>

          <section className="bo-card" aria-labelledby={webhookId}>
            <h2 id={webhookId}>{t("webhook.title")}</h2>
            <p>{t("webhook.text")}</p>
            <p className="bo-pay-url">
              <code>{settings.webhookUrl}</code>
            </p>
            <p>{t("webhook.events")}</p>
            <ul className="bo-pay-events">
              {settings.webhookEvents.map((event) => (
                <li key={event}>
                  <code>{event}</code>
                </li>
              ))}
            </ul>
          </section>

          <BoDialog
            className="bo-pay-dialog"
            open={removing}
            title={t("remove.title")}
            onClose={() => setRemoving(false)}
          >
            <p>{t("remove.text")}</p>
            <ErrorNotice error={remove.error} ns={NS} />
            <div className="bo-pay-actions">
              <button
                type="button"
                className="bo-button danger"
                disabled={remove.isPending}
                onClick={() => remove.mutate()}
              >
                {t("remove.yes")}
              </button>
              <button type="button" className="bo-button secondary" onClick={() => setRemoving(false)}>
                {t("remove.cancel")}
              </button>
            </div>
          </BoDialog>
        </>
      ) : null}
    </BoPage>
  );
}
