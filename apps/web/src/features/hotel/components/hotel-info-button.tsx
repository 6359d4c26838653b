import { Info } from "lucide-react";
import { lazy, Suspense, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import "./hotel-info-button.css";

const loadPanel = () => import("./hotel-info-panel");
const HotelInfoPanel = lazy(loadPanel);

/** The header entry point of the hotel information panel; the panel's code loads on first use. */
export function HotelInfoButton() {
  const { t } = useTranslation("hotel");
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button
        ref={button}
        type="button"
        className="hotel-info-button"
        aria-haspopup="dialog"
        onPointerEnter={() => void loadPanel()}
        onFocus={() => void loadPanel()}
        onClick={() => setOpen(true)}
      >
        <Info aria-hidden="true" size={18} />
        <span className="hotel-info-button__text">{t("info.open")}</span>
      </button>
      {open ? (
        <Suspense fallback={null}>
          <HotelInfoPanel
            onClose={() => {
              setOpen(false);
              button.current?.focus();
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
