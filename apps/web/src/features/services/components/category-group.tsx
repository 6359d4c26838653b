import { forwardRef } from "react";
import { useTranslation } from "react-i18next";
import {
  appliesTo,
  type Category,
  type ChosenService,
  type ServiceChoice,
  type SlotGuests,
} from "../chosen-services";
import { ServiceItem } from "./service-item";

/** The services of one category; a mandatory one says so, and says what is missing after Continue. */
export const CategoryGroup = forwardRef<
  HTMLFieldSetElement,
  {
    id: string;
    category: Category;
    currency: string;
    guests: SlotGuests;
    chosen: readonly ChosenService[];
    missing: boolean;
    onChange: (serviceId: number, choice: ServiceChoice | null) => void;
  }
>(function CategoryGroup(props, ref) {
  const { t } = useTranslation("services");
  const { category, id } = props;
  const services = category.services.filter((s) => appliesTo(s, props.guests));
  if (services.length === 0) return null;
  const describedBy = [category.mandatory ? `${id}-rule` : null, props.missing ? `${id}-error` : null]
    .filter(Boolean)
    .join(" ");
  return (
    <fieldset
      ref={ref}
      className={`category${props.missing ? " category--missing" : ""}`}
      tabIndex={-1}
      aria-describedby={describedBy || undefined}
      aria-invalid={props.missing || undefined}
    >
      <legend className="category__name">{category.name}</legend>
      {category.mandatory ? (
        <p className="category__rule" id={`${id}-rule`}>
          {t("category.mandatory")}
        </p>
      ) : null}
      {props.missing ? (
        <p className="field__error category__error" id={`${id}-error`}>
          {t("category.missing", { category: category.name })}
        </p>
      ) : null}
      <ul className="category__list">
        {services.map((service) => (
          <ServiceItem
            key={service.id}
            service={service}
            currency={props.currency}
            guests={props.guests}
            chosen={props.chosen.find((c) => c.serviceId === service.id)}
            onChange={(choice) => props.onChange(service.id, choice)}
          />
        ))}
      </ul>
    </fieldset>
  );
});
