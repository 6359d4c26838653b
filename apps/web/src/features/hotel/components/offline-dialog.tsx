import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";

/** SPEC §8: shown when the hotel fails to load, or during maintenance. */
export function OfflineDialog() {
  const { t } = useTranslation("common");
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal?.();
  }, []);
  return (
    <dialog ref={ref} className="dialog" aria-labelledby="offline-title" aria-describedby="offline-text">
      <h1 id="offline-title">{t("offline.title")}</h1>
      <p id="offline-text">{t("offline.text")}</p>
      <button type="button" className="button" onClick={() => window.location.reload()}>
        {t("offline.retry")}
      </button>
    </dialog>
  );
}
