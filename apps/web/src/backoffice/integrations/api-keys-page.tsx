import type {
  BoApiKey,
  BoApiKeyList,
  CreateApiKeyResponse,
} from "@alloggio/domain/contract/backoffice/api-keys";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { boGet, boPost, fieldError } from "../api";
import { formatHotelInstant } from "../format";
import { useCurrentHotel } from "../layout";
import { BoDialog, BoPage, ErrorNotice, Field, Notice } from "../ui";
import "./api-keys.css";
import { ShownOnce } from "./shown-once";

const NS = "bo-api-keys";
const keysQuery = (hotel: number) => ["backoffice", "api-keys", hotel] as const;

function listKeys(hotel: number) {
  return boGet<BoApiKeyList>(`hotels/${hotel}/api-keys`);
}
function createKey(hotel: number, body: { name: string }) {
  return boPost<CreateApiKeyResponse>(`hotels/${hotel}/api-keys`, body);
}
function revokeKey(hotel: number, key: BoApiKey) {
  return boPost<BoApiKey>(`hotels/${hotel}/api-keys/${key.id}/revoke`);
}

/** An instant on the hotel's clock (the list says which), as every back-office time is shown. */
function useDate(timeZone: string) {
  const { i18n } = useTranslation();
  return (iso: string) =>
    formatHotelInstant(iso, i18n.language || "en", timeZone, { dateStyle: "medium", timeStyle: "short" });
}

/** "Create key": a name, then the key shown once with a copy button. */
function CreateKeyDialog({ hotel, open, onClose }: { hotel: number; open: boolean; onClose: () => void }) {
  const { t } = useTranslation(NS);
  const queryClient = useQueryClient();
  const [name, setName] = useState("");
  const create = useMutation({
    mutationFn: (body: { name: string }) => createKey(hotel, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keysQuery(hotel) }),
  });
  const made = create.data;
  const close = () => {
    setName("");
    create.reset();
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate({ name });
  };
  return (
    <BoDialog
      className="bo-keys-dialog"
      open={open}
      title={made ? t("dialog.createdTitle") : t("dialog.title")}
      onClose={close}
    >
      {made ? (
        <ShownOnce
          value={made.key}
          onDone={close}
          texts={{
            warning: t("dialog.once"),
            label: t("dialog.keyLabel"),
            copy: t("dialog.copy"),
            copied: t("dialog.copied"),
            copyFailed: t("dialog.copyFailed"),
            done: t("dialog.done"),
          }}
        />
      ) : (
        <form onSubmit={submit} noValidate>
          <Field
            label={t("dialog.name")}
            hint={t("dialog.nameHint")}
            error={fieldError(create.error, "name")}
          >
            {(props) => (
              <input
                {...props}
                value={name}
                maxLength={80}
                required
                autoComplete="off"
                onChange={(e) => setName(e.target.value)}
              />
            )}
          </Field>
          <ErrorNotice error={create.error} ns={NS} />
          <div className="bo-keys-actions">
            <button type="submit" className="bo-button" disabled={create.isPending}>
              {t("dialog.submit")}
            </button>
            <button type="button" className="bo-button secondary" onClick={close}>
              {t("dialog.cancel")}
            </button>
          </div>
        </form>
      )}
    </BoDialog>
  );
}

/** The example call of the exposed API, with this site's public origin and this hotel. */
function ExampleCall({ hotel }: { hotel: number }) {
  const { t } = useTranslation(NS);
  const headingId = useId();
  const origin = typeof window === "undefined" ? "" : window.location.origin;
  const command = [
    `curl -X POST ${origin}/api/v2/offers/create \\`,
    `  -H "Authorization: Bearer alk_…" \\`,
    `  -H "Idempotency-Key: $(uuidgen)" \\`,
    `  -H "Content-Type: application/json" \\`,
    `  -d '{`,
    `    "hotel": ${hotel}, "channel": 1,`,
    `    "recipient": { "name": "Anna Weber", "email": "anna.weber@example.com", "language": 2 },`,
    `    "arrival": "20300610", "departure": "20300614",`,
    `    "options": [{ "rooms": [{ "roomId": 101, "rateId": 201, "adults": 2, "priceMinor": 48000 }] }],`,
    `    "expiresAt": "2030-05-31T18:00:00+02:00"`,
    `  }'`,
  ].join("\n");
  return (
    <section className="bo-card bo-keys-example" aria-labelledby={headingId}>
      <h2 id={headingId}>{t("example.title")}</h2>
      <p>{t("example.text")}</p>
      <pre>
        <code>{command}</code>
      </pre>
      <p>
        {t("example.docsBefore")} <a href="/api/docs">{t("example.docs")}</a>
      </p>
    </section>
  );
}

/**
 * The hotel's API keys (ADR 0039), owner only: what a key is for, the keys, "Create key" (shown once),
 * revoke with a confirmation, and an example call.
 */
export default function ApiKeysPage() {
  const { t } = useTranslation(NS);
  const hotel = useCurrentHotel() ?? 0;
  const queryClient = useQueryClient();
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<BoApiKey | null>(null);
  const [revoked, setRevoked] = useState<string | null>(null);
  const query = useQuery({
    queryKey: keysQuery(hotel),
    queryFn: () => listKeys(hotel),
    enabled: hotel > 0,
  });
  const revoke = useMutation({
    mutationFn: (key: BoApiKey) => revokeKey(hotel, key),
    onSuccess: (key) => {
      setRevoking(null);
      setRevoked(key.name);
      void queryClient.invalidateQueries({ queryKey: keysQuery(hotel) });
    },
  });
  const keys = query.data?.keys ?? [];
  const timeZone = query.data?.timeZone ?? "UTC";
  const date = useDate(timeZone);

  return (
    <BoPage
      title={t("title")}
      actions={
        <button
          type="button"
          className="bo-button"
          onClick={() => {
            setRevoked(null);
            setCreating(true);
          }}
        >
          {t("create")}
        </button>
      }
    >
      <div className="bo-keys-intro">
        <p>{t("intro")}</p>
        <p>{t("introSafety")}</p>
      </div>
      {revoked ? <Notice>{t("revoke.done", { name: revoked })}</Notice> : null}
      {query.isPending && hotel > 0 ? <p>{t("loading")}</p> : null}
      <ErrorNotice error={query.error} ns={NS} />
      {query.data ? (
        keys.length === 0 ? (
          <p>{t("empty")}</p>
        ) : (
          <div className="bo-table-wrap">
            <table className="bo-table bo-keys-table bo-stack">
              <caption className="bo-keys-caption">{t("tableLabel")}</caption>
              <thead>
                <tr>
                  <th scope="col">{t("columns.name")}</th>
                  <th scope="col">{t("columns.prefix")}</th>
                  <th scope="col">{t("columns.created")}</th>
                  <th scope="col">{t("columns.lastUsed")}</th>
                  <th scope="col">{t("columns.status")}</th>
                  <th scope="col">{t("columns.actions")}</th>
                </tr>
              </thead>
              <tbody>
                {keys.map((key) => (
                  <tr key={key.id} className={key.revokedAt ? "bo-keys-revoked" : undefined}>
                    <th scope="row">{key.name}</th>
                    <td data-label={t("columns.prefix")}>
                      <code>{key.prefix}…</code>
                    </td>
                    <td data-label={t("columns.created")}>
                      {key.createdBy
                        ? t("createdBy", { date: date(key.createdAt), name: key.createdBy })
                        : date(key.createdAt)}
                    </td>
                    <td data-label={t("columns.lastUsed")}>
                      {key.lastUsedAt ? date(key.lastUsedAt) : t("never")}
                    </td>
                    <td data-label={t("columns.status")}>
                      {key.revokedAt ? (
                        <span className="bo-keys-revoked-at">
                          {t("status.revoked", { date: date(key.revokedAt) })}
                        </span>
                      ) : (
                        <span className="bo-badge bo-keys-active">{t("status.active")}</span>
                      )}
                    </td>
                    <td data-label={t("columns.actions")}>
                      {key.revokedAt ? null : (
                        <button
                          type="button"
                          className="bo-button secondary"
                          aria-label={t("revoke.label", { name: key.name })}
                          onClick={() => {
                            setRevoked(null);
                            revoke.reset();
                            setRevoking(key);
                          }}
                        >
                          {t("revoke.button")}
                        </button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            <p className="muted">{t("timesIn", { timeZone })}</p>
          </div>
        )
      ) : null}

      {hotel > 0 ? <ExampleCall hotel={hotel} /> : null}

      <CreateKeyDialog hotel={hotel} open={creating} onClose={() => setCreating(false)} />
      <BoDialog
        className="bo-keys-dialog"
        open={revoking !== null}
        title={t("revoke.title", { name: revoking?.name ?? "" })}
        onClose={() => setRevoking(null)}
      >
        <p>{t("revoke.text")}</p>
        <ErrorNotice error={revoke.error} ns={NS} />
        <div className="bo-keys-actions">
          <button
            type="button"
            className="bo-button danger"
            disabled={revoke.isPending}
            onClick={() => revoking && revoke.mutate(revoking)}
          >
            {t("revoke.yes")}
          </button>
          <button type="button" className="bo-button secondary" onClick={() => setRevoking(null)}>
            {t("revoke.cancel")}
          </button>
        </div>
      </BoDialog>
    </BoPage>
  );
}
