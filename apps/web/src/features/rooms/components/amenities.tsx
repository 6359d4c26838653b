import type { RoomAmenity } from "@alloggio/domain/contract/property/amenities";
import {
  Accessibility,
  AirVent,
  Baby,
  Bath,
  Bubbles,
  Building2,
  CarFront,
  CigaretteOff,
  Coffee,
  CookingPot,
  CupSoda,
  DoorOpen,
  Fence,
  Flame,
  Flower2,
  Footprints,
  Heater,
  LampDesk,
  type LucideIcon,
  Mountain,
  PawPrint,
  Sailboat,
  Shirt,
  ShowerHead,
  Sofa,
  SunMedium,
  ThermometerSun,
  TowelRack,
  Tv,
  Vault,
  VolumeX,
  Waves,
  WavesLadder,
  Wifi,
  Wind,
  Wine,
} from "lucide-react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";

/** One icon per room amenity code of the contract (SPEC §2: about 35), always shown with its text label. */
export const AMENITY_ICONS: Record<RoomAmenity, LucideIcon> = {
  pool: WavesLadder,
  air_conditioning: AirVent,
  balcony: Fence,
  terrace: SunMedium,
  bathtub: Bath,
  shower: ShowerHead,
  wifi: Wifi,
  safe: Vault,
  sea_view: Waves,
  lake_view: Sailboat,
  mountain_view: Mountain,
  minibar: Wine,
  tv: Tv,
  kitchenette: CookingPot,
  coffee_machine: Coffee,
  desk: LampDesk,
  hairdryer: Wind,
  heating: Heater,
  parking: CarFront,
  pets_allowed: PawPrint,
  soundproof: VolumeX,
  iron: Shirt,
  bathrobe: TowelRack,
  slippers: Footprints,
  garden_view: Flower2,
  city_view: Building2,
  fireplace: Flame,
  jacuzzi: Bubbles,
  sauna: ThermometerSun,
  accessible: Accessibility,
  crib: Baby,
  sofa_bed: Sofa,
  connecting_rooms: DoorOpen,
  non_smoking: CigaretteOff,
  kettle: CupSoda,
};

const isAmenity = (code: string): code is RoomAmenity => Object.hasOwn(AMENITY_ICONS, code);

/** Amenities shown before "all amenities" is opened. */
const FIRST = 6;

export function AmenityList({ codes }: { codes: readonly string[] }) {
  const { t } = useTranslation("rooms");
  const [all, setAll] = useState(false);
  const id = useId();
  const known = codes.filter(isAmenity);
  if (known.length === 0) return null;
  const shown = all ? known : known.slice(0, FIRST);
  return (
    <div className="amenities">
      <ul className="amenities__list" id={id} aria-label={t("room.amenities")}>
        {shown.map((code) => {
          const Icon = AMENITY_ICONS[code];
          return (
            <li key={code} className="amenities__item">
              <Icon aria-hidden="true" focusable="false" size={18} />
              <span>{t(`amenity.${code}`)}</span>
            </li>
          );
        })}
      </ul>
      {known.length > FIRST ? (
        <button
          type="button"
          className="link-button"
          aria-expanded={all}
          aria-controls={id}
          onClick={() => setAll((v) => !v)}
        >
          {all ? t("room.fewerAmenities") : t("room.allAmenities", { count: known.length })}
        </button>
      ) : null}
    </div>
  );
}
