import {
  ALPINEBITS_RESULTS,
  type AlpineBitsResult,
  type BoAlpineBitsClient,
  type BoAlpineBitsClientList,
  type BoAlpineBitsCodes,
  type BoAlpineBitsExchange,
  type BoAlpineBitsExchangeDetail,
  type BoAlpineBitsExchangePage,
  type CreateAlpineBitsClientRequest,
  type CreateAlpineBitsClientResponse,
  type SetAlpineBitsCodesRequest,
} from "@alloggio/domain/contract/backoffice/alpinebits";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { boGet, boPost, boPut, fieldError } from "../api";
import { formatHotelInstant } from "../format";
import { useCurrentHotel } from "../layout";
import { useStaff } from "../staff";
import { BoDialog, BoPage, ErrorNotice, Field, Notice, Pager } from "../ui";
import "./alpinebits.css";
import { ShownOnce } from "./shown-once";

const NS = "bo-alpinebits";
const clientsKey = ["backoffice", "alpinebits", "clients"] as const;
const codesKey = (hotel: number) => ["backoffice", "alpinebits", "codes", hotel] as const;
const exchangesKey = ["backoffice", "alpinebits", "exchanges"] as const;

function listClients() {
  return boGet<BoAlpineBitsClientList>("alpinebits/clients");
}
function createClient(body: CreateAlpineBitsClientRequest) {
  return boPost<CreateAlpineBitsClientResponse>("alpinebits/clients", body);
}
function setClientHotels(client: number, hotelIds: number[]) {
  return boPut<BoAlpineBitsClient>(`alpinebits/clients/${client}/hotels`, { hotelIds });
}
function disableClient(client: BoAlpineBitsClient) {
  return boPost<BoAlpineBitsClient>(`alpinebits/clients/${client.id}/disable`);
}
function readCodes(hotel: number) {
  return boGet<BoAlpineBitsCodes>(`hotels/${hotel}/alpinebits/codes`);
}
function saveCodes(hotel: number, body: SetAlpineBitsCodesRequest) {
  return boPut<BoAlpineBitsCodes>(`hotels/${hotel}/alpinebits/codes`, body);
}
function readExchange(id: number | null) {
  return boGet<BoAlpineBitsExchangeDetail>(`alpinebits/exchanges/${id}`);
}
function listExchanges(query: Record<string, string | number | undefined>) {
  return boGet<BoAlpineBitsExchangePage>("alpinebits/exchanges", query);
}

// The actions a PMS sends, named in prose (the action parameter is the standard's code, not for people).
const ACTION_KEYS: Record<string, string> = {
  "OTA_Ping:Handshaking": "handshake",
  "OTA_HotelInvCountNotif:FreeRooms": "freeRooms",
  "OTA_HotelRatePlanNotif:RatePlans": "ratePlans",
  "OTA_HotelDescriptiveContentNotif:Inventory": "inventoryPush",
  "OTA_HotelDescriptiveContentNotif:Info": "infoPush",
  "OTA_HotelDescriptiveInfo:Inventory": "inventoryPull",
  "OTA_HotelDescriptiveInfo:Info": "infoPull",
  "OTA_Read:GuestRequests": "guestRequestsRead",
  "OTA_NotifReport:GuestRequests": "guestRequestsAck",
};

function useActionText() {
  const { t } = useTranslation(NS);
  return (action: string) => {
    const key = ACTION_KEYS[action];
    return key ? t(`actions.${key}`) : t("actions.other", { action: action || "—" });
  };
}

const bodyUrl = (id: number, part: "request" | "response") =>
  `/api/backoffice/alpinebits/exchanges/${id}/body?part=${part}`;

/** The hotels a client may use, as checkboxes: the owner's hotels. */
function HotelChoice({
  value,
  onChange,
  error,
}: {
  value: number[];
  onChange: (ids: number[]) => void;
  error?: string | undefined;
}) {
  const { t } = useTranslation(NS);
  const staff = useStaff();
  const errorId = useId();
  return (
    <fieldset className="bo-ab-hotels" aria-describedby={error ? errorId : undefined}>
      <legend>{t("clients.hotels")}</legend>
      {staff.hotels.map((h) => (
        <label key={h.id} className="bo-ab-check">
          <input
            type="checkbox"
            checked={value.includes(h.id)}
            onChange={(e) =>
              onChange(e.target.checked ? [...value, h.id] : value.filter((id) => id !== h.id))
            }
          />{" "}
          {h.name}
        </label>
      ))}
      {error ? (
        <p id={errorId} className="bo-field-error">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** "Create client": name, username, hotels; then the password shown once with a copy button. */
function CreateClientDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation(NS);
  const queryClient = useQueryClient();
  const hotel = useCurrentHotel();
  const [name, setName] = useState("");
  const [username, setUsername] = useState("");
  const [hotels, setHotels] = useState<number[]>(hotel ? [hotel] : []);
  const create = useMutation({
    mutationFn: createClient,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: clientsKey }),
  });
  const made = create.data;
  const close = () => {
    setName("");
    setUsername("");
    setHotels(hotel ? [hotel] : []);
    create.reset();
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate({ name, username, hotelIds: hotels });
  };
  return (
    <BoDialog
      className="bo-ab-dialog"
      open={open}
      title={made ? t("create.createdTitle") : t("create.title")}
      onClose={close}
    >
      {made ? (
        <ShownOnce
          value={made.password}
          onDone={close}
          texts={{
            warning: t("create.once"),
            label: t("create.passwordLabel"),
            copy: t("create.copy"),
            copied: t("create.copied"),
            copyFailed: t("create.copyFailed"),
            done: t("create.done"),
          }}
        >
          <p>{t("create.username", { username: made.client.username })}</p>
        </ShownOnce>
      ) : (
        <form onSubmit={submit} noValidate>
          <Field
            label={t("create.name")}
            hint={t("create.nameHint")}
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
          <Field
            label={t("create.usernameLabel")}
            hint={t("create.usernameHint")}
            error={fieldError(create.error, "username")}
          >
            {(props) => (
              <input
                {...props}
                value={username}
                maxLength={64}
                required
                autoComplete="off"
                spellCheck={false}
                onChange={(e) => setUsername(e.target.value)}
              />
            )}
          </Field>
          <HotelChoice value={hotels} onChange={setHotels} error={fieldError(create.error, "hotelIds")} />
          <ErrorNotice error={create.error} ns={NS} />
          <div className="bo-ab-actions">
            <button type="submit" className="bo-button" disabled={create.isPending}>
              {t("create.submit")}
            </button>
            <button type="button" className="bo-button secondary" onClick={close}>
              {t("create.cancel")}
            </button>
          </div>
        </form>
      )}
    </BoDialog>
  );
}

/** Change a client's hotels. */
function HotelsDialog({ client, onClose }: { client: BoAlpineBitsClient | null; onClose: () => void }) {
  const { t } = useTranslation(NS);
  const queryClient = useQueryClient();
  const [hotels, setHotels] = useState<number[]>([]);
  useEffect(() => setHotels(client?.hotelIds ?? []), [client]);
  const save = useMutation({
    mutationFn: (ids: number[]) => setClientHotels(client?.id ?? 0, ids),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: clientsKey });
      onClose();
    },
  });
  return (
    <BoDialog
      className="bo-ab-dialog"
      open={client !== null}
      title={t("hotelsDialog.title", { name: client?.name ?? "" })}
      onClose={() => {
        save.reset();
        onClose();
      }}
    >
      <HotelChoice value={hotels} onChange={setHotels} error={fieldError(save.error, "hotelIds")} />
      <ErrorNotice error={save.error} ns={NS} />
      <div className="bo-ab-actions">
        <button
          type="button"
          className="bo-button"
          disabled={save.isPending}
          onClick={() => save.mutate(hotels)}
        >
          {t("hotelsDialog.save")}
        </button>
        <button type="button" className="bo-button secondary" onClick={onClose}>
          {t("hotelsDialog.cancel")}
        </button>
      </div>
    </BoDialog>
  );
}

function ClientsSection() {
  const { t, i18n } = useTranslation(NS);
  const staff = useStaff();
  const queryClient = useQueryClient();
  const headingId = useId();
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<BoAlpineBitsClient | null>(null);
  const [disabling, setDisabling] = useState<BoAlpineBitsClient | null>(null);
  const query = useQuery({
    queryKey: clientsKey,
    queryFn: listClients,
  });
  const disable = useMutation({
    mutationFn: disableClient,
    onSuccess: () => {
      setDisabling(null);
      void queryClient.invalidateQueries({ queryKey: clientsKey });
    },
  });
  const hotelName = (id: number) => staff.hotels.find((h) => h.id === id)?.name ?? String(id);
  // A client's dates on its first hotel's clock, as every back-office time (not the browser's zone).
  const date = (iso: string, timeZone: string) =>
    formatHotelInstant(iso, i18n.language || "en", timeZone, { dateStyle: "medium" });
  const clients = query.data?.clients ?? [];
  return (
    <section className="bo-card bo-ab-section" aria-labelledby={headingId}>
      <div className="bo-ab-head">
        <h2 id={headingId}>{t("clients.title")}</h2>
        <button type="button" className="bo-button" onClick={() => setCreating(true)}>
          {t("clients.create")}
        </button>
      </div>
      <p>{t("clients.intro")}</p>
      {query.data ? (
        <p className="bo-ab-endpoint">
          {t("clients.endpoint")} <code>POST {query.data.endpoint}</code>
        </p>
      ) : null}
      <ErrorNotice error={query.error} ns={NS} />
      {query.data && clients.length === 0 ? <p>{t("clients.empty")}</p> : null}
      {clients.length > 0 ? (
        <div className="bo-table-wrap">
          <table className="bo-table bo-stack bo-ab-table">
            <caption className="bo-ab-caption">{t("clients.tableLabel")}</caption>
            <thead>
              <tr>
                <th scope="col">{t("clients.name")}</th>
                <th scope="col">{t("clients.username")}</th>
                <th scope="col">{t("clients.hotels")}</th>
                <th scope="col">{t("clients.created")}</th>
                <th scope="col">{t("clients.status")}</th>
                <th scope="col">{t("clients.actions")}</th>
              </tr>
            </thead>
            <tbody>
              {clients.map((c) => (
                <tr key={c.id} className={c.disabledAt ? "bo-ab-disabled" : undefined}>
                  <th scope="row">{c.name}</th>
                  <td data-label={t("clients.username")}>
                    <code>{c.username}</code>
                  </td>
                  <td data-label={t("clients.hotels")}>{c.hotelIds.map(hotelName).join(", ")}</td>
                  <td data-label={t("clients.created")}>{date(c.createdAt, c.timeZone)}</td>
                  <td data-label={t("clients.status")}>
                    {c.disabledAt ? (
                      t("clients.disabledOn", { date: date(c.disabledAt, c.timeZone) })
                    ) : (
                      <span className="bo-badge bo-ab-ok">{t("clients.active")}</span>
                    )}
                  </td>
                  <td data-label={t("clients.actions")}>
                    {c.disabledAt ? null : (
                      <div className="bo-ab-row-actions">
                        <button
                          type="button"
                          className="bo-button secondary"
                          aria-label={t("clients.editHotelsOf", { name: c.name })}
                          onClick={() => setEditing(c)}
                        >
                          {t("clients.editHotels")}
                        </button>
                        <button
                          type="button"
                          className="bo-button secondary"
                          aria-label={t("clients.disableOf", { name: c.name })}
                          onClick={() => {
                            disable.reset();
                            setDisabling(c);
                          }}
                        >
                          {t("clients.disable")}
                        </button>
                      </div>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <CreateClientDialog open={creating} onClose={() => setCreating(false)} />
      <HotelsDialog client={editing} onClose={() => setEditing(null)} />
      <BoDialog
        className="bo-ab-dialog"
        open={disabling !== null}
        title={t("disableDialog.title", { name: disabling?.name ?? "" })}
        onClose={() => setDisabling(null)}
      >
        <p>{t("disableDialog.text")}</p>
        <ErrorNotice error={disable.error} ns={NS} />
        <div className="bo-ab-actions">
          <button
            type="button"
            className="bo-button danger"
            disabled={disable.isPending}
            onClick={() => disabling && disable.mutate(disabling)}
          >
            {t("disableDialog.yes")}
          </button>
          <button type="button" className="bo-button secondary" onClick={() => setDisabling(null)}>
            {t("disableDialog.cancel")}
          </button>
        </div>
      </BoDialog>
    </section>
  );
}

/** The hotel's codes: its HotelCode, then a code per room type and per rate plan (empty: not the PMS's). */
function CodesForm({ hotel, codes }: { hotel: number; codes: BoAlpineBitsCodes }) {
  const { t } = useTranslation(NS);
  const queryClient = useQueryClient();
  const [hotelCode, setHotelCode] = useState(codes.hotelCode ?? "");
  const [rooms, setRooms] = useState<Record<number, string>>(
    Object.fromEntries(codes.roomTypes.map((r) => [r.roomTypeId, r.code ?? ""])),
  );
  const [rates, setRates] = useState<Record<number, string>>(
    Object.fromEntries(codes.ratePlans.map((r) => [r.ratePlanId, r.code ?? ""])),
  );
  const save = useMutation({
    mutationFn: (body: SetAlpineBitsCodesRequest) => saveCodes(hotel, body),
    onSuccess: (saved) => queryClient.setQueryData(codesKey(hotel), saved),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({
      hotelCode: hotelCode.trim(),
      roomTypes: codes.roomTypes
        .map((r) => ({ roomTypeId: r.roomTypeId, code: (rooms[r.roomTypeId] ?? "").trim() }))
        .filter((r) => r.code !== ""),
      ratePlans: codes.ratePlans
        .map((r) => ({ ratePlanId: r.ratePlanId, code: (rates[r.ratePlanId] ?? "").trim() }))
        .filter((r) => r.code !== ""),
    });
  };
  const codeTable = (
    kind: "roomTypes" | "ratePlans",
    rows: { id: number; name: string }[],
    values: Record<number, string>,
    set: (id: number, value: string) => void,
    max: number,
  ) => (
    <div className="bo-table-wrap">
      <table className="bo-table bo-stack bo-ab-table bo-ab-codes">
        <caption className="bo-ab-caption">{t(`codes.${kind}.title`)}</caption>
        <thead>
          <tr>
            <th scope="col">{t(`codes.${kind}.name`)}</th>
            <th scope="col">{t(`codes.${kind}.code`)}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id}>
              <th scope="row">{row.name}</th>
              <td data-label={t(`codes.${kind}.code`)}>
                <input
                  className="bo-ab-code"
                  aria-label={t(`codes.${kind}.codeOf`, { name: row.name })}
                  value={values[row.id] ?? ""}
                  maxLength={max}
                  spellCheck={false}
                  autoComplete="off"
                  onChange={(e) => set(row.id, e.target.value)}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
  return (
    <form onSubmit={submit} noValidate>
      <Field
        label={t("codes.hotelCode")}
        hint={t("codes.hotelCodeHint")}
        error={fieldError(save.error, "hotelCode")}
      >
        {(props) => (
          <input
            {...props}
            className="bo-ab-code"
            value={hotelCode}
            maxLength={16}
            spellCheck={false}
            autoComplete="off"
            onChange={(e) => setHotelCode(e.target.value)}
          />
        )}
      </Field>
      <p className="bo-hint">{t("codes.hint")}</p>
      {codeTable(
        "roomTypes",
        codes.roomTypes.map((r) => ({ id: r.roomTypeId, name: r.name })),
        rooms,
        (id, v) => setRooms((s) => ({ ...s, [id]: v })),
        8,
      )}
      {codeTable(
        "ratePlans",
        codes.ratePlans.map((r) => ({ id: r.ratePlanId, name: r.name })),
        rates,
        (id, v) => setRates((s) => ({ ...s, [id]: v })),
        64,
      )}
      <ErrorNotice error={save.error} ns={NS} />
      {save.isSuccess ? <Notice>{t("codes.saved")}</Notice> : null}
      <div className="bo-ab-actions">
        <button type="submit" className="bo-button" disabled={save.isPending}>
          {t("codes.save")}
        </button>
      </div>
    </form>
  );
}

function CodesSection({ hotel }: { hotel: number }) {
  const { t } = useTranslation(NS);
  const staff = useStaff();
  const headingId = useId();
  const query = useQuery({
    queryKey: codesKey(hotel),
    queryFn: () => readCodes(hotel),
    enabled: hotel > 0,
  });
  const name = staff.hotels.find((h) => h.id === hotel)?.name ?? "";
  return (
    <section className="bo-card bo-ab-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{t("codes.title", { hotel: name })}</h2>
      <ErrorNotice error={query.error} ns={NS} />
      {query.data ? <CodesForm key={hotel} hotel={hotel} codes={query.data} /> : null}
    </section>
  );
}

function ResultBadge({ result, status }: { result: AlpineBitsResult; status: number }) {
  const { t } = useTranslation(NS);
  return <span className={`bo-badge bo-ab-result-${result}`}>{t(`results.${result}`, { status })}</span>;
}

/** One exchange: when, who, what, the answer's texts, and the bodies with their downloads. */
function ExchangeDialog({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t, i18n } = useTranslation(NS);
  const actionText = useActionText();
  const query = useQuery({
    queryKey: [...exchangesKey, "detail", id],
    queryFn: () => readExchange(id),
    enabled: id !== null,
  });
  const d = query.data;
  const e = d?.exchange;
  return (
    <BoDialog
      className="bo-ab-dialog bo-ab-detail"
      open={id !== null}
      title={t("detail.title")}
      onClose={onClose}
    >
      <ErrorNotice error={query.error} ns={NS} />
      {d && e ? (
        <div>
          <dl className="bo-ab-facts">
            <dt>{t("log.time")}</dt>
            <dd>
              {formatHotelInstant(e.at, i18n.language, e.timeZone, {
                dateStyle: "medium",
                timeStyle: "medium",
              })}
            </dd>
            <dt>{t("log.client")}</dt>
            <dd>{e.clientName || e.clientUsername}</dd>
            <dt>{t("log.hotel")}</dt>
            <dd>{e.hotelName ?? t("log.noHotel")}</dd>
            <dt>{t("log.action")}</dt>
            <dd>{actionText(e.action)}</dd>
            <dt>{t("log.result")}</dt>
            <dd>
              <ResultBadge result={e.result} status={e.httpStatus} />
            </dd>
          </dl>
          {d.errors.length > 0 ? (
            <>
              <h3>{t("detail.errors")}</h3>
              <ul className="bo-ab-texts">
                {d.errors.map((text, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the answer's texts, in its order, never reordered
                  <li key={i}>{text}</li>
                ))}
              </ul>
            </>
          ) : null}
          {d.warnings.length > 0 ? (
            <>
              <h3>{t("detail.warnings")}</h3>
              <ul className="bo-ab-texts">
                {d.warnings.map((text, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the answer's texts, in its order, never reordered
                  <li key={i}>{text}</li>
                ))}
              </ul>
            </>
          ) : null}
          {(["request", "response"] as const).map((part) => {
            const body = d[part];
            const truncated = part === "request" ? d.requestTruncated : d.responseTruncated;
            return (
              <div key={part} className="bo-ab-body">
                <h3>{t(`detail.${part}`)}</h3>
                {body === null ? (
                  <p>{t("detail.purged")}</p>
                ) : (
                  <>
                    <pre>
                      <code>{body}</code>
                    </pre>
                    {truncated ? <p className="bo-hint">{t("detail.truncated")}</p> : null}
                    <a className="bo-button secondary" href={bodyUrl(e.id, part)} download>
                      {t(`detail.download.${part}`)}
                    </a>
                  </>
                )}
              </div>
            );
          })}
          <div className="bo-ab-actions">
            <button type="button" className="bo-button secondary" onClick={onClose}>
              {t("detail.close")}
            </button>
          </div>
        </div>
      ) : null}
    </BoDialog>
  );
}

type Filters = { clientId: string; action: string; result: string; from: string; to: string };
const NO_FILTERS: Filters = { clientId: "", action: "", result: "", from: "", to: "" };

function LogSection() {
  const { t, i18n } = useTranslation(NS);
  const actionText = useActionText();
  const headingId = useId();
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<number | null>(null);
  const clients = useQuery({
    queryKey: clientsKey,
    queryFn: listClients,
  });
  const query = useQuery({
    queryKey: [...exchangesKey, filters, page],
    queryFn: () =>
      listExchanges({
        clientId: filters.clientId || undefined,
        action: filters.action || undefined,
        result: filters.result || undefined,
        from: filters.from || undefined,
        to: filters.to || undefined,
        page,
      }),
  });
  const set = (patch: Partial<Filters>) => {
    setFilters((f) => ({ ...f, ...patch }));
    setPage(1);
  };
  const texts = (e: BoAlpineBitsExchange) => {
    const shown = [...e.errors, ...e.warnings];
    const more = e.errorCount + e.warningCount - shown.length;
    return { first: shown[0], more: more + Math.max(0, shown.length - 1) };
  };
  const data = query.data;
  return (
    <section className="bo-card bo-ab-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{t("log.title")}</h2>
      <p>{t("log.intro")}</p>
      <div className="bo-ab-filters">
        <label>
          {t("log.client")}
          <select value={filters.clientId} onChange={(e) => set({ clientId: e.target.value })}>
            <option value="">{t("log.all")}</option>
            {(clients.data?.clients ?? []).map((c) => (
              <option key={c.id} value={c.id}>
                {c.name || c.username}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t("log.action")}
          <select value={filters.action} onChange={(e) => set({ action: e.target.value })}>
            <option value="">{t("log.all")}</option>
            {Object.keys(ACTION_KEYS).map((action) => (
              <option key={action} value={action}>
                {actionText(action)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t("log.result")}
          <select value={filters.result} onChange={(e) => set({ result: e.target.value })}>
            <option value="">{t("log.all")}</option>
            {ALPINEBITS_RESULTS.map((r) => (
              <option key={r} value={r}>
                {t(`resultFilter.${r}`)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t("log.from")}
          <input type="date" value={filters.from} onChange={(e) => set({ from: e.target.value })} />
        </label>
        <label>
          {t("log.to")}
          <input type="date" value={filters.to} onChange={(e) => set({ to: e.target.value })} />
        </label>
      </div>
      <ErrorNotice error={query.error} ns={NS} />
      {data && data.exchanges.length === 0 ? <p>{t("log.empty")}</p> : null}
      {data && data.exchanges.length > 0 ? (
        <>
          <p className="bo-hint">{t("log.timesIn")}</p>
          <div className="bo-table-wrap">
            <table className="bo-table bo-stack bo-ab-table bo-ab-log">
              <caption className="bo-ab-caption">{t("log.tableLabel")}</caption>
              <thead>
                <tr>
                  <th scope="col">{t("log.time")}</th>
                  <th scope="col">{t("log.client")}</th>
                  <th scope="col">{t("log.hotel")}</th>
                  <th scope="col">{t("log.action")}</th>
                  <th scope="col">{t("log.result")}</th>
                  <th scope="col">{t("log.texts")}</th>
                  <th scope="col">{t("log.details")}</th>
                </tr>
              </thead>
              <tbody>
                {data.exchanges.map((e) => {
                  const { first, more } = texts(e);
                  return (
                    <tr key={e.id}>
                      <th scope="row">
                        {formatHotelInstant(e.at, i18n.language, e.timeZone, {
                          dateStyle: "short",
                          timeStyle: "medium",
                        })}
                      </th>
                      <td data-label={t("log.client")}>{e.clientName || e.clientUsername}</td>
                      <td data-label={t("log.hotel")}>{e.hotelName ?? t("log.noHotel")}</td>
                      <td data-label={t("log.action")}>{actionText(e.action)}</td>
                      <td data-label={t("log.result")}>
                        <ResultBadge result={e.result} status={e.httpStatus} />
                      </td>
                      <td data-label={t("log.texts")}>
                        {first ?? "—"}
                        {more > 0 ? <span className="bo-hint"> {t("log.more", { count: more })}</span> : null}
                      </td>
                      <td data-label={t("log.details")}>
                        <button
                          type="button"
                          className="bo-button secondary"
                          aria-label={t("log.openOf", { action: actionText(e.action) })}
                          onClick={() => setOpen(e.id)}
                        >
                          {t("log.open")}
                        </button>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          <Pager page={data.page} pageSize={data.pageSize} total={data.total} onPage={setPage} />
        </>
      ) : null}
      <ExchangeDialog id={open} onClose={() => setOpen(null)} />
    </section>
  );
}

/**
 * Integrations → AlpineBits (ADR 0078, 0083), owner only: the group's clients (a PMS or channel manager each, its
 * password shown once), this hotel's codes, and the log of every exchange with its bodies for 14 days.
 */
export default function AlpineBitsPage() {
  const { t } = useTranslation(NS);
  const hotel = useCurrentHotel() ?? 0;
  return (
    <BoPage title={t("title")}>
      <p className="bo-ab-intro">{t("intro")}</p>
      <ClientsSection />
      {hotel > 0 ? <CodesSection hotel={hotel} /> : null}
      <LogSection />
    </BoPage>
  );
}
