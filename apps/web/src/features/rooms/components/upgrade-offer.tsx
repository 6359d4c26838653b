import { ArrowBigUpDash } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useFormatPrice } from "../../currency/use-format-price";
import type { RoomSlot, Upgrade } from "../use-room-slots";

export type UpgradeOfferProps = {
  slot: RoomSlot;
  upgrade: Upgrade | null;
  currency: string;
  onSwap: () => void;
  onUndo: () => void;
  onDismiss: () => void;
};

/**
 * The upgrade suggestion of a chosen room (a better room of the same rate for at most 20% more) and, after a swap,
 * what it changed. The offer stays until the guest dismisses it.
 */
export function UpgradeOffer({ slot, upgrade, currency, onSwap, onUndo, onDismiss }: UpgradeOfferProps) {
  const { t } = useTranslation("rooms");
  const formatPrice = useFormatPrice();
  if (!slot.swap && !upgrade) return null;
  return (
    <div className="upgrade">
      {slot.swap ? (
        <p className="upgrade__done">
          {t("upgrade.done", {
            room: slot.swap.from.name,
            price: formatPrice(slot.swap.difference, currency),
          })}{" "}
          <button type="button" className="link-button" onClick={onUndo}>
            {t("upgrade.undo")}
          </button>
        </p>
      ) : null}
      {upgrade ? (
        <div className="upgrade__offer">
          <ArrowBigUpDash aria-hidden="true" focusable="false" size={20} />
          <p>
            {t("upgrade.offer", {
              room: upgrade.room.name,
              price: formatPrice(upgrade.difference, currency),
            })}
          </p>
          <div className="upgrade__actions">
            <button type="button" className="button" onClick={onSwap}>
              {t("upgrade.swap")}
            </button>
            <button type="button" className="button button--secondary" onClick={onDismiss}>
              {t("upgrade.dismiss")}
            </button>
          </div>
        </div>
      ) : null}
    </div>
  );
}
