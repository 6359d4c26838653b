import type { CustomPrivacyResponse } from "@alloggio/domain/contract/channels/custom-privacy";
import { useTranslation } from "react-i18next";
import { CheckboxField } from "./form-fields";

type Policy = CustomPrivacyResponse["policies"][number];

/**
 * SPEC §5: the terms without which the booking cannot go on (cancellation policy, general terms, data processing,
 * refund-protection terms when chosen, the hotel's mandatory policies), then the optional consents.
 */
export function ConsentsSection(props: { policies: readonly Policy[]; refundChosen: boolean }) {
  const { t } = useTranslation("checkout");
  const required = <span className="field__required"> {t("required")}</span>;
  return (
    <section className="checkout-section card" aria-labelledby="terms-title">
      <h2 id="terms-title">{t("terms.title")}</h2>
      <fieldset className="consents">
        <legend>{t("terms.mandatoryLegend")}</legend>
        <CheckboxField
          name="terms.cancellationPolicy"
          required
          label={
            <>
              {t("terms.cancellationPolicy")}
              {required}
            </>
          }
          hint={t("terms.cancellationPolicyHint")}
        />
        <CheckboxField
          name="terms.generalTerms"
          required
          label={
            <>
              {t("terms.generalTerms")}
              {required}
            </>
          }
        />
        <CheckboxField
          name="terms.dataProcessing"
          required
          label={
            <>
              {t("terms.dataProcessing")}
              {required}
            </>
          }
        />
        {props.refundChosen ? (
          <CheckboxField
            name="terms.refundTerms"
            required
            label={
              <>
                {t("terms.refundTerms")}
                {required}
              </>
            }
          />
        ) : null}
        {props.policies.map((policy, i) =>
          policy.mandatory ? (
            <CheckboxField
              key={policy.id}
              name={`privacy.custom.${i}.accepted`}
              required
              label={
                <>
                  <strong>{policy.title}</strong>: {policy.text}
                  {required}
                </>
              }
            />
          ) : null,
        )}
      </fieldset>
      <fieldset className="consents">
        <legend>{t("terms.optionalLegend")}</legend>
        <CheckboxField name="privacy.report" label={t("terms.report")} />
        <CheckboxField name="privacy.marketing" label={t("terms.marketing")} />
        <CheckboxField name="privacy.profile" label={t("terms.profile")} />
        {props.policies.map((policy, i) =>
          policy.mandatory ? null : (
            <CheckboxField
              key={policy.id}
              name={`privacy.custom.${i}.accepted`}
              label={
                <>
                  <strong>{policy.title}</strong>: {policy.text}
                </>
              }
            />
          ),
        )}
      </fieldset>
    </section>
  );
}
