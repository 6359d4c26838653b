import type {
  BoScript,
  BoScriptChannel,
  BoScriptInventory,
  BoScriptPage,
} from "@alloggio/domain/contract/backoffice/scripts";
import { findLanguage } from "@alloggio/domain/i18n/languages";
import { useQuery } from "@tanstack/react-query";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { boGet } from "../api";
import { useCurrentHotel } from "../layout";
import { BoPage, ErrorNotice } from "../ui";
import "./scripts.css";

const NS = "bo-scripts";

function loadInventory(hotel: number) {
  return boGet<BoScriptInventory>(`hotels/${hotel}/integrations/scripts`);
}

function ScriptItem({ script }: { script: BoScript }) {
  const { t } = useTranslation(NS);
  return (
    <li>
      <strong>{script.vendor}</strong>{" "}
      <span className="bo-scripts-consent">
        {t("consent", { categories: script.consent.map((c) => t(`categories.${c}`)).join(", ") })}
      </span>
      <br />
      {script.src ? (
        <code className="bo-scripts-src">{script.src}</code>
      ) : script.inline ? (
        <span>
          {t("inline", { length: script.inline.length })}{" "}
          <code className="bo-scripts-src">{script.inline.sha256}</code>
        </span>
      ) : null}
      {script.languages ? (
        <span className="bo-scripts-languages">
          {" "}
          {t("languages", { languages: script.languages.map((id) => findLanguage(id).label).join(", ") })}
        </span>
      ) : null}
    </li>
  );
}

/** A directive's sources, one a line. */
function Sources({ sources }: { sources: string[] }) {
  return (
    <ul className="bo-scripts-csp">
      {sources.map((source) => (
        <li key={source}>
          <code>{source}</code>
        </li>
      ))}
    </ul>
  );
}

function PageRow({ page }: { page: BoScriptPage }) {
  const { t } = useTranslation(NS);
  const payment = page.page === "checkout" || page.page === "threeDs";
  return (
    <tr>
      <th scope="row">
        {t(`pages.${page.page}`)}
        {page.documentClass === "strict" ? (
          <>
            <br />
            <span className="bo-badge bo-scripts-strict">{t("strict")}</span>
          </>
        ) : null}
      </th>
      <td data-label={t("columns.scripts")}>
        {page.scripts.length > 0 ? (
          <ul className="bo-scripts-list">
            {page.scripts.map((script) => (
              <ScriptItem key={`${script.id}:${script.src ?? ""}`} script={script} />
            ))}
          </ul>
        ) : payment ? (
          t("none.payment")
        ) : page.documentClass === "strict" ? (
          t("none.private")
        ) : (
          t("none.tracked")
        )}
      </td>
      <td data-label={t("columns.scriptSrc")}>
        <Sources sources={page.scriptSrc} />
      </td>
      <td data-label={t("columns.connectSrc")}>
        <Sources sources={page.connectSrc} />
      </td>
    </tr>
  );
}

function ChannelSection({ channel }: { channel: BoScriptChannel }) {
  const { t } = useTranslation(NS);
  const headingId = useId();
  return (
    <section className="bo-card bo-scripts-channel" aria-labelledby={headingId}>
      <h2 id={headingId}>
        {t("channel", { name: channel.name, id: channel.id })}{" "}
        <span className="bo-badge">{t(`kinds.${channel.kind}`)}</span>
      </h2>
      <div className="bo-table-wrap">
        <table className="bo-table bo-scripts-table bo-stack">
          <caption className="bo-scripts-caption">{t("tableLabel", { name: channel.name })}</caption>
          <thead>
            <tr>
              <th scope="col">{t("columns.page")}</th>
              <th scope="col">{t("columns.scripts")}</th>
              <th scope="col">{t("columns.scriptSrc")}</th>
              <th scope="col">{t("columns.connectSrc")}</th>
            </tr>
          </thead>
          <tbody>
            {channel.pages.map((page) => (
              <PageRow key={page.page} page={page} />
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/**
 * Scripts and tracking (ADR 0042), owner only: for each channel of the hotel and each kind of guest page,
 * every script it may load (after the guest's consent) and the page's CSP: the script inventory of PCI DSS 6.4.3.
 */
export default function ScriptsPage() {
  const { t } = useTranslation(NS);
  const hotel = useCurrentHotel() ?? 0;
  const query = useQuery({
    queryKey: ["backoffice", "scripts", hotel],
    queryFn: () => loadInventory(hotel),
    enabled: hotel > 0,
  });
  return (
    <BoPage title={t("title")}>
      <div className="bo-scripts-intro">
        <p>{t("intro")}</p>
        <p>{t("introPayment")}</p>
        <p>{t("introCsp")}</p>
      </div>
      {query.isPending && hotel > 0 ? <p>{t("loading")}</p> : null}
      <ErrorNotice error={query.error} ns={NS} />
      {query.data?.channels.length === 0 ? <p>{t("empty")}</p> : null}
      {query.data?.channels.map((channel) => (
        <ChannelSection key={channel.id} channel={channel} />
      ))}
    </BoPage>
  );
}
