import type { OptionalCategory } from "@alloggio/domain/tracking/consent";
import { inventoryFor, type PlannedScript } from "@alloggio/domain/tracking/plan";
import type { TrackingSettings } from "@alloggio/domain/tracking/settings";
import type { TFunction } from "i18next";
import { useId, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { ModalDialog } from "../../ui/modal-dialog";
import { useHotel } from "../hotel/hotel-context";
import { useConsentUi } from "./consent-ui";
import { useChannelConsent } from "./use-channel-consent";
import { ACCEPT_ALL, REJECT_ALL, useDecide } from "./use-decide";

function vendorName(script: PlannedScript, t: TFunction<"consent">): string {
  if (script.id.startsWith("custom-")) return t("vendors.custom");
  if (script.id === "gtm-bb") return t("vendors.gtmSecond");
  return script.vendor;
}

/** What each optional category loads for this channel (the rooms page's inventory), vendor names once each. */
export function vendorsByCategory(
  settings: TrackingSettings,
  languageId: number,
  t: TFunction<"consent">,
): Record<OptionalCategory, string[]> {
  const out: Record<OptionalCategory, string[]> = { analytics: [], marketing: [] };
  for (const script of inventoryFor(settings, "rooms", languageId))
    for (const category of script.anyOf) {
      const name = vendorName(script, t);
      if (!out[category].includes(name)) out[category].push(name);
    }
  // The partner's conversion POST on the confirmation (not a script, so not in the inventory).
  if (settings.zSuite) out.marketing.push(t("vendors.conversion"));
  return out;
}

/**
 * "Choose" (ADR 0040): the three categories, what each loads here, necessary on and fixed, analytics and
 * marketing off until the guest turns them on. Save my choices, Accept all, Reject all. The browser's modal dialog
 * keeps the focus inside; closing returns it to the opener.
 */
export function ConsentDialog() {
  const { t } = useTranslation("consent");
  const { ids } = useHotel();
  const ui = useConsentUi();
  const state = useChannelConsent();
  const decide = useDecide(state);
  const id = useId();
  const [choice, setChoice] = useState<Record<OptionalCategory, boolean>>({
    analytics: state.consent?.analytics === true,
    marketing: state.consent?.marketing === true,
  });
  const [status, setStatus] = useState("");
  const vendors = useMemo(
    () => vendorsByCategory(state.settings, ids.language, t),
    [state.settings, ids.language, t],
  );

  const finish = (next: Record<OptionalCategory, boolean>) => {
    if (decide(next)) {
      setStatus(t("dialog.reloading"));
      return;
    }
    ui.close();
  };

  const loads = (names: string[]) => (
    <p className="consent-dialog__loads">
      {names.length > 0 ? t("dialog.loads", { vendors: names.join(", ") }) : t("dialog.nothing")}
    </p>
  );

  return (
    <ModalDialog
      classPrefix="panel-dialog"
      className="consent-dialog"
      title={t("dialog.title")}
      closeLabel={t("dialog.close")}
      onClose={ui.close}
    >
      <form
        className="panel-dialog__body"
        onSubmit={(event) => {
          event.preventDefault();
          finish(choice);
        }}
      >
        <p>{state.manager ? t("dialog.intro") : t("dialog.nothingOptional")}</p>
        <ul className="consent-dialog__categories">
          <li className="consent-dialog__category">
            <div className="consent-dialog__switch">
              <input
                type="checkbox"
                id={`${id}-necessary`}
                checked
                disabled
                readOnly
                aria-describedby={`${id}-necessary-text`}
              />
              <label htmlFor={`${id}-necessary`}>{t("categories.necessary.name")}</label>
              <span className="consent-dialog__always">{t("dialog.alwaysOn")}</span>
            </div>
            <p id={`${id}-necessary-text`} className="consent-dialog__text">
              {t("categories.necessary.description")}
            </p>
          </li>
          {state.manager
            ? (["analytics", "marketing"] as const).map((category) => (
                <li key={category} className="consent-dialog__category">
                  <div className="consent-dialog__switch">
                    <input
                      type="checkbox"
                      id={`${id}-${category}`}
                      checked={choice[category]}
                      onChange={(event) => setChoice((c) => ({ ...c, [category]: event.target.checked }))}
                      aria-describedby={`${id}-${category}-text`}
                    />
                    <label htmlFor={`${id}-${category}`}>{t(`categories.${category}.name`)}</label>
                  </div>
                  <div id={`${id}-${category}-text`} className="consent-dialog__text">
                    <p>{t(`categories.${category}.description`)}</p>
                    {loads(vendors[category])}
                  </div>
                </li>
              ))
            : null}
        </ul>
        {state.manager ? <p className="consent-dialog__note">{t("dialog.withdrawNote")}</p> : null}
        <p className="consent-dialog__status" role="status">
          {status}
        </p>
        <div className="consent-dialog__actions">
          {state.manager ? (
            <>
              <button type="submit" className="button button--secondary">
                {t("dialog.save")}
              </button>
              <button type="button" className="button" onClick={() => finish(ACCEPT_ALL)}>
                {t("dialog.acceptAll")}
              </button>
              <button type="button" className="button" onClick={() => finish(REJECT_ALL)}>
                {t("dialog.rejectAll")}
              </button>
            </>
          ) : (
            <button type="button" className="button" onClick={ui.close}>
              {t("dialog.done")}
            </button>
          )}
        </div>
      </form>
    </ModalDialog>
  );
}
