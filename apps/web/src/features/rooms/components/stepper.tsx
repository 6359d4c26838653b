import { useTranslation } from "react-i18next";
import "./stepper.css";

export const STEPS = ["rooms", "services", "personal", "confirm"] as const;
export type Step = (typeof STEPS)[number];

/** The booking steps (SPEC §2): select accommodation, extra services, personal data, confirm. */
export function Stepper({ current }: { current: Step }) {
  const { t } = useTranslation("rooms");
  const at = STEPS.indexOf(current);
  return (
    <nav className="stepper" aria-label={t("stepper.label")}>
      <ol className="stepper__list">
        {STEPS.map((step, i) => (
          <li
            key={step}
            className={`stepper__step${i < at ? " stepper__step--done" : ""}${i === at ? " stepper__step--current" : ""}`}
            aria-current={i === at ? "step" : undefined}
          >
            <span className="stepper__number" aria-hidden="true">
              {i + 1}
            </span>
            <span className="stepper__label">{t(`stepper.${step}`)}</span>
          </li>
        ))}
      </ol>
    </nav>
  );
}
