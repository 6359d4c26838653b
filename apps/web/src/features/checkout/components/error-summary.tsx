import { forwardRef } from "react";
import { useTranslation } from "react-i18next";
import { type FormError, fieldId } from "../checkout-form";
import { useErrorText } from "./form-fields";

/** Moves to a field from the summary: focus it and bring it into view. */
function goTo(path: string) {
  const element = document.getElementById(fieldId(path));
  if (!element) return;
  element.focus({ preventScroll: true });
  element.scrollIntoView({ block: "center" });
}

/** Fields in the order the page shows them. */
export function inPageOrder(errors: readonly FormError[]): FormError[] {
  if (typeof document === "undefined") return [...errors];
  const position = (e: FormError) => document.getElementById(fieldId(e.path));
  return [...errors].sort((a, b) => {
    const x = position(a);
    const y = position(b);
    if (!x || !y) return x ? -1 : y ? 1 : 0;
    return x.compareDocumentPosition(y) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1;
  });
}

/** After a submit that failed: every problem, each a link to its field. It takes the focus. */
export const ErrorSummary = forwardRef<
  HTMLElement,
  { errors: readonly FormError[]; labelOf: (path: string) => string }
>(function ErrorSummary({ errors, labelOf }, ref) {
  const { t } = useTranslation("checkout");
  const text = useErrorText();
  return (
    <section className="error-summary" ref={ref} tabIndex={-1} aria-labelledby="error-summary-title">
      <h2 id="error-summary-title">{t("errorSummary.title", { count: errors.length })}</h2>
      <ul>
        {inPageOrder(errors).map((e) => (
          <li key={e.path}>
            <a
              href={`#${fieldId(e.path)}`}
              onClick={(event) => {
                event.preventDefault();
                goTo(e.path);
              }}
            >
              {t("errorSummary.item", { field: labelOf(e.path), message: text(e.path, e.code) })}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
});
