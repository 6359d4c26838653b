import { auditChanges } from "@alloggio/domain/backoffice/audit-diff";
import type { AuditEntryView, AuditPage as AuditPageData } from "@alloggio/domain/contract/backoffice/audit";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { type FormEvent, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useParams, useSearch } from "wouter";
import { useNavigateTo } from "../../ui/app-link";
import { boGet } from "../api";
import { dateLocaleOf } from "../format";
import { boHref } from "../routes";
import { BoPage, ErrorNotice, Field, Pager } from "../ui";
import "./audit.css";
import { AUDIT_NAMESPACES, type AuditContext, auditSubject, fieldLabel, formatAuditValue } from "./describe";

const NS = "bo-audit";
/** A value longer than this is folded in a <details>. */
const SHORT = 60;

type Filters = { from: string; to: string; action: string; user: string };
const FILTER_KEYS = ["from", "to", "action", "user"] as const;

/** `user.invite` → the key `actions.user_invite` (i18next reads dots as nesting). */
const actionKey = (action: string) => `actions.${action.replace(/[^A-Za-z0-9_]/g, "_")}`;

function Value({ name, value, ctx }: { name: string; value: unknown; ctx: AuditContext }) {
  const { t } = useTranslation(NS);
  if (value === undefined) return <span className="muted">{t("diff.none")}</span>;
  const text = formatAuditValue(name, value, ctx);
  if (text.length <= SHORT) return <span className="bo-audit-value">{text}</span>;
  return (
    <details className="bo-audit-long">
      <summary>{text.slice(0, 40)}…</summary>
      <p>{text}</p>
    </details>
  );
}

/** A readable name of the changed thing, when its before or after has one (a user's e-mail, a code). */
function labelOf(entry: AuditEntryView): string | null {
  for (const side of [entry.after, entry.before])
    if (typeof side === "object" && side !== null)
      for (const key of ["email", "code", "name"]) {
        const value = (side as Record<string, unknown>)[key];
        if (typeof value === "string" && value) return value;
      }
  return null;
}

function Changes({ entry, ctx }: { entry: AuditEntryView; ctx: AuditContext }) {
  const { t } = useTranslation(NS);
  const changes = auditChanges(entry.before, entry.after);
  if (changes.length === 0) return <span className="muted">{t("diff.nothing")}</span>;
  // Something created or deleted shows its values once; a change shows before → after.
  const none = (v: unknown) => v === null || v === undefined;
  const created = none(entry.before);
  const deleted = !created && none(entry.after);
  const list = (
    <ul className="bo-audit-changes">
      {changes.map((c) => (
        <li key={c.key || "value"}>
          {c.key ? <span className="bo-audit-key">{fieldLabel(c.key, ctx)}</span> : null}
          {created ? (
            <Value name={c.key} value={c.after} ctx={ctx} />
          ) : deleted ? (
            <del>
              <Value name={c.key} value={c.before} ctx={ctx} />
            </del>
          ) : (
            <>
              <Value name={c.key} value={c.before} ctx={ctx} />
              <span aria-hidden="true"> → </span>
              <span className="visually-hidden">{t("diff.becomes")}</span>
              <Value name={c.key} value={c.after} ctx={ctx} />
            </>
          )}
        </li>
      ))}
    </ul>
  );
  if (changes.length <= 10) return list;
  return (
    <details>
      <summary>{t("diff.many", { count: changes.length })}</summary>
      {list}
    </details>
  );
}

function FilterForm({
  filters,
  actions,
  actors,
  onApply,
}: {
  filters: Filters;
  actions: string[];
  actors: string[];
  onApply: (filters: Filters) => void;
}) {
  const { t } = useTranslation(NS);
  const [draft, setDraft] = useState(filters);
  const set = (key: keyof Filters) => (value: string) => setDraft((d) => ({ ...d, [key]: value }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onApply(draft);
  };
  const clear = () => {
    const empty = { from: "", to: "", action: "", user: "" };
    setDraft(empty);
    onApply(empty);
  };
  return (
    <search aria-label={t("filters.label")}>
      <form className="bo-filters bo-audit-filters" onSubmit={submit}>
        <Field label={t("filters.from")}>
          {(props) => (
            <input {...props} type="date" value={draft.from} onChange={(e) => set("from")(e.target.value)} />
          )}
        </Field>
        <Field label={t("filters.to")}>
          {(props) => (
            <input {...props} type="date" value={draft.to} onChange={(e) => set("to")(e.target.value)} />
          )}
        </Field>
        <Field label={t("filters.action")}>
          {(props) => (
            <select {...props} value={draft.action} onChange={(e) => set("action")(e.target.value)}>
              <option value="">{t("filters.anyAction")}</option>
              {[...new Set([...actions, ...(draft.action ? [draft.action] : [])])].map((a) => (
                <option key={a} value={a}>
                  {t(actionKey(a), { defaultValue: a })}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={t("filters.user")}>
          {(props) => (
            <select {...props} value={draft.user} onChange={(e) => set("user")(e.target.value)}>
              <option value="">{t("filters.anyone")}</option>
              {[...new Set([...actors, ...(draft.user ? [draft.user] : [])])].map((a) => (
                <option key={a} value={a}>
                  {a}
                </option>
              ))}
            </select>
          )}
        </Field>
        <div className="bo-audit-filter-buttons">
          <button type="submit" className="bo-button">
            {t("filters.apply")}
          </button>
          <button type="button" className="bo-button secondary" onClick={clear}>
            {t("filters.clear")}
          </button>
        </div>
      </form>
    </search>
  );
}

export default function AuditPage() {
  // bo-users: the names of roles and statuses in user entries.
  const { t, i18n } = useTranslation(AUDIT_NAMESPACES);
  const { hotel } = useParams<{ hotel: string }>();
  const navigate = useNavigateTo();
  const search = new URLSearchParams(useSearch());
  const filters: Filters = {
    from: search.get("from") ?? "",
    to: search.get("to") ?? "",
    action: search.get("action") ?? "",
    user: search.get("user") ?? "",
  };
  const page = Math.max(1, Number(search.get("page")) || 1);
  const query = { ...filters, page: page > 1 ? page : undefined };
  const log = useQuery({
    queryKey: ["backoffice", "audit", hotel, query],
    queryFn: (): Promise<AuditPageData> => boGet(`hotels/${hotel}/audit`, query),
    placeholderData: keepPreviousData,
  });
  const go = (next: Filters, nextPage = 1) =>
    navigate(
      boHref(
        "boAudit",
        { hotel },
        {
          ...Object.fromEntries(FILTER_KEYS.map((k) => [k, next[k]])),
          page: nextPage > 1 ? nextPage : undefined,
        },
      ),
    );
  const timeZone = log.data?.timeZone;
  const when = useMemo(
    () =>
      new Intl.DateTimeFormat(dateLocaleOf(i18n.language), {
        dateStyle: "medium",
        timeStyle: "short",
        ...(timeZone ? { timeZone } : {}),
      }),
    [i18n.language, timeZone],
  );
  const data = log.data;
  const ctx: AuditContext | null = data
    ? {
        language: i18n.language,
        timeZone: data.timeZone,
        currency: data.currency,
        names: data.names,
        t: (key, options) => t(key, options ?? {}),
      }
    : null;
  return (
    <BoPage title={t("title")}>
      <FilterForm
        key={JSON.stringify(filters)}
        filters={filters}
        actions={data?.actions ?? []}
        actors={data?.actors ?? []}
        onApply={(next) => go(next)}
      />
      <ErrorNotice error={log.error} ns={NS} />
      {data ? (
        <>
          <p className="muted" aria-live="polite">
            {t("summaryCount", { count: data.total, timeZone: data.timeZone })}
          </p>
          {/* Focusable, so that a keyboard can scroll it sideways on a narrow screen (axe scrollable-region-focusable). */}
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take the focus (WCAG 2.1.1) */}
          <section className="bo-table-wrap bo-audit-wrap" aria-labelledby="bo-audit-caption" tabIndex={0}>
            <table className="bo-table bo-audit-table bo-stack">
              <caption id="bo-audit-caption" className="visually-hidden">
                {t("caption")}
              </caption>
              <thead>
                <tr>
                  <th scope="col">{t("columns.when")}</th>
                  <th scope="col">{t("columns.who")}</th>
                  <th scope="col">{t("columns.action")}</th>
                  <th scope="col">{t("columns.entity")}</th>
                  <th scope="col">{t("columns.changes")}</th>
                </tr>
              </thead>
              <tbody>
                {data.entries.map((entry) => (
                  <tr key={entry.id}>
                    <td data-label={t("columns.when")} className="bo-audit-when">
                      <time dateTime={entry.at}>{when.format(new Date(entry.at))}</time>
                    </td>
                    <td data-label={t("columns.who")}>{entry.actor}</td>
                    <td data-label={t("columns.action")}>
                      {t(actionKey(entry.action), { defaultValue: entry.action })}
                      {entry.hotelId === null ? (
                        <>
                          {" "}
                          <span className="bo-badge">{t("groupWide")}</span>
                        </>
                      ) : null}
                    </td>
                    <td data-label={t("columns.entity")}>
                      {t(`entities.${entry.entity}`, { defaultValue: entry.entity })}
                      {ctx && auditSubject(entry.entity, entry.entityId, ctx) ? (
                        <span className="bo-audit-label">
                          {auditSubject(entry.entity, entry.entityId, ctx)}
                        </span>
                      ) : entry.entityId && !labelOf(entry) ? (
                        <span className="muted"> #{entry.entityId}</span>
                      ) : null}
                      {labelOf(entry) ? <span className="bo-audit-label">{labelOf(entry)}</span> : null}
                    </td>
                    <td data-label={t("columns.changes")}>
                      {ctx ? <Changes entry={entry} ctx={{ ...ctx, entity: entry.entity }} /> : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
          {data.entries.length === 0 ? <p>{t("empty")}</p> : null}
          <Pager
            page={data.page}
            pageSize={data.pageSize}
            total={data.total}
            onPage={(p) => go(filters, p)}
          />
        </>
      ) : log.isPending ? (
        <p className="muted">{t("loading")}</p>
      ) : null}
    </BoPage>
  );
}
