import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { useParams, useSearch } from "wouter";
import { AppLink, useNavigateTo } from "../../../ui/app-link";
import { boHref } from "../../routes";
import { ErrorNotice, Notice } from "../../ui";
import { type ExtrasCollection, useDeleteExtra, useExtrasList, useSaveExtra } from "./api";
import "./extras.css";

export type Column<T> = { header: string; cell: (item: T, currency: string) => ReactNode; num?: boolean };

export type FormProps<D> = {
  draft: D;
  setDraft: (draft: D) => void;
  error: unknown;
  currency: string;
};

type Props<T extends { id: number }, D> = {
  collection: ExtrasCollection;
  /** The catalogue section of the route (services, promos, packages). */
  section: string;
  /** Item ids of this table in the URL carry this prefix (two tables in one section). */
  prefix?: string;
  title: string;
  newLabel: string;
  emptyText: string;
  columns: Column<T>[];
  /** The name of a row, for its edit link and the form's heading. */
  nameOf: (item: T) => string;
  /** Text a row is found by with the filter. */
  searchText: (item: T) => string;
  blank: () => D;
  toDraft: (item: T) => D;
  toBody: (draft: D) => unknown;
  Form: (props: FormProps<D>) => ReactNode;
};

/** Whether the section's `:itemId` names an item of this table: "new", or the id (with the table's prefix). */
export function itemOf(itemId: string | undefined, prefix = ""): "new" | number | null {
  if (!itemId?.startsWith(prefix)) return null;
  const rest = itemId.slice(prefix.length);
  if (rest === "new") return "new";
  return /^\d{1,10}$/.test(rest) ? Number(rest) : null;
}

/**
 * A table of one kind of the hotel's extras, with a "New" action and a filter kept in the URL; on an item's page,
 * its form in a card, with save and a confirmed delete.
 */
export function ExtrasTable<T extends { id: number }, D>(props: Props<T, D>) {
  const { t } = useTranslation("bo-extras");
  const { hotel = "", itemId } = useParams<{ hotel: string; itemId?: string }>();
  const search = new URLSearchParams(useSearch());
  const navigate = useNavigateTo();
  const list = useExtrasList<T>(hotel, props.collection);
  const prefix = props.prefix ?? "";
  const item = itemOf(itemId, prefix);
  const href = (id?: string) =>
    id === undefined
      ? boHref("boCatalogue", { hotel, section: props.section })
      : boHref("boCatalogueItem", { hotel, section: props.section, itemId: `${prefix}${id}` });

  if (itemId !== undefined) {
    if (item === null) return null;
    if (list.isLoading) return <p>{t("loading")}</p>;
    const current = item === "new" ? null : (list.data?.items.find((x) => x.id === item) ?? null);
    if (item !== "new" && !current)
      return (
        <section className="bo-card">
          <p>{t("notFound")}</p>
          <AppLink to={href()}>{t("backToList")}</AppLink>
        </section>
      );
    return (
      <EditCard
        key={itemId}
        {...props}
        item={current}
        currency={list.data?.currencyCode ?? "EUR"}
        saved={search.get("saved") === "1"}
        listHref={href()}
        onCreated={(id) => navigate(`${href(String(id))}?saved=1`, { replace: true })}
        onDeleted={() => navigate(`${href()}?deleted=1`)}
      />
    );
  }

  const filter = search.get(`${props.collection}-q`) ?? "";
  const setFilter = (value: string) => {
    const next = new URLSearchParams(search);
    if (value) next.set(`${props.collection}-q`, value);
    else next.delete(`${props.collection}-q`);
    next.delete("deleted");
    const query = next.toString();
    navigate(`${href()}${query ? `?${query}` : ""}`, { replace: true });
  };
  const currency = list.data?.currencyCode ?? "EUR";
  const items = (list.data?.items ?? []).filter(
    (x) => !filter || props.searchText(x).toLowerCase().includes(filter.toLowerCase()),
  );
  const headingId = `${props.collection}-heading`;
  return (
    <section className="bo-card" aria-labelledby={headingId}>
      <div className="bo-extras-head">
        <h2 id={headingId}>{props.title}</h2>
        <AppLink className="bo-button" to={href("new")}>
          {props.newLabel}
        </AppLink>
      </div>
      {search.get("deleted") === "1" ? <Notice>{t("deleted")}</Notice> : null}
      <div className="bo-filters">
        <div className="bo-field">
          <label htmlFor={`${props.collection}-filter`}>{t("filter")}</label>
          <input
            id={`${props.collection}-filter`}
            type="search"
            defaultValue={filter}
            onChange={(e) => setFilter(e.target.value)}
          />
        </div>
      </div>
      {list.error ? <ErrorNotice error={list.error} ns="bo-extras" /> : null}
      {list.isLoading ? (
        <p>{t("loading")}</p>
      ) : items.length === 0 ? (
        <p>{props.emptyText}</p>
      ) : (
        <div className="bo-table-wrap">
          <table className="bo-table bo-stack bo-extras-table">
            <thead>
              <tr>
                {props.columns.map((c) => (
                  <th key={c.header} scope="col" className={c.num ? "num" : undefined}>
                    {c.header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {items.map((x) => (
                <tr key={x.id}>
                  {props.columns.map((c, i) =>
                    // The first column heads its row (a card's title on a phone); the others carry their names.
                    i === 0 ? (
                      <th key={c.header} scope="row">
                        <AppLink
                          to={href(String(x.id))}
                          aria-label={t("editItem", { name: props.nameOf(x) })}
                        >
                          {c.cell(x, currency)}
                        </AppLink>
                      </th>
                    ) : (
                      <td key={c.header} className={c.num ? "num" : undefined} data-label={c.header}>
                        {c.cell(x, currency)}
                      </td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p className="bo-hint">{t("count", { count: items.length })}</p>
    </section>
  );
}

function EditCard<T extends { id: number }, D>(
  props: Props<T, D> & {
    item: T | null;
    currency: string;
    saved: boolean;
    listHref: string;
    onCreated: (id: number) => void;
    onDeleted: () => void;
  },
) {
  const { t } = useTranslation("bo-extras");
  const { hotel = "" } = useParams<{ hotel: string }>();
  const [draft, setDraft] = useState<D>(() => (props.item ? props.toDraft(props.item) : props.blank()));
  const [confirming, setConfirming] = useState(false);
  const [savedNow, setSavedNow] = useState(false);
  const save = useSaveExtra<T>(hotel, props.collection);
  const remove = useDeleteExtra(hotel, props.collection);
  const headingId = `${props.collection}-form-heading`;
  const Form = props.Form;
  return (
    <section className="bo-card" aria-labelledby={headingId}>
      <p>
        <AppLink to={props.listHref}>{t("backToList")}</AppLink>
      </p>
      <h2 id={headingId}>
        {props.item ? t("editTitle", { name: props.nameOf(props.item) }) : props.newLabel}
      </h2>
      <form
        className="bo-extras-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          setSavedNow(false);
          save.mutate(
            { id: props.item?.id ?? null, body: props.toBody(draft) },
            {
              onSuccess: (result) => {
                if (props.item) setSavedNow(true);
                else props.onCreated(result.id);
              },
            },
          );
        }}
      >
        <Form draft={draft} setDraft={setDraft} error={save.error} currency={props.currency} />
        {save.error ? <ErrorNotice error={save.error} ns="bo-extras" /> : null}
        {(savedNow || props.saved) && !save.error && !save.isPending ? <Notice>{t("saved")}</Notice> : null}
        <div className="bo-extras-actions">
          <button type="submit" className="bo-button" disabled={save.isPending}>
            {save.isPending ? t("saving") : t("save")}
          </button>
          {props.item && !confirming ? (
            <button type="button" className="bo-button danger" onClick={() => setConfirming(true)}>
              {t("delete")}
            </button>
          ) : null}
        </div>
      </form>
      {props.item && confirming ? (
        <div className="bo-extras-confirm" role="alertdialog" aria-labelledby={`${headingId}-confirm`}>
          <p id={`${headingId}-confirm`}>{t("confirmDelete", { name: props.nameOf(props.item) })}</p>
          <div className="bo-extras-actions">
            <button
              type="button"
              className="bo-button danger"
              disabled={remove.isPending}
              onClick={() => {
                const id = props.item?.id;
                if (id !== undefined) remove.mutate(id, { onSuccess: props.onDeleted });
              }}
            >
              {t("confirmDeleteYes")}
            </button>
            <button type="button" className="bo-button secondary" onClick={() => setConfirming(false)}>
              {t("cancel")}
            </button>
          </div>
          {remove.error ? <ErrorNotice error={remove.error} ns="bo-extras" /> : null}
        </div>
      ) : null}
    </section>
  );
}
