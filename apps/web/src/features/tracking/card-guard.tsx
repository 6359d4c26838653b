import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { reloadWithoutScripts } from "./boundary";
import { hasRunThirdParty } from "./dom";

/**
 * A card frame never shares a document with a third-party script (PCI DSS 6.4.3, ADR 0041): on a page that ran one
 * (the voucher, with the guest's consent), the frame gives way to a notice and a button that reloads the page once
 * without any third-party script.
 */
export function CardGuard({ children }: { children: ReactNode }) {
  const { t } = useTranslation("tracking");
  if (!hasRunThirdParty()) return <>{children}</>;
  return (
    <div className="card-guard">
      <p>{t("cardGuard.notice")}</p>
      <button type="button" className="button" onClick={reloadWithoutScripts}>
        {t("cardGuard.reload")}
      </button>
    </div>
  );
}
