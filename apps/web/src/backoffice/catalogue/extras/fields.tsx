import type { ReactNode } from "react";
import { fieldError } from "../../api";
import { Field } from "../../ui";

/** A text or number input with its label, hint and the server's error. */
export function InputField({
  label,
  value,
  onChange,
  error,
  hint,
  type = "text",
  step,
  min,
  required,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  hint?: string | undefined;
  type?: "text" | "number" | "date" | "time";
  step?: string;
  min?: string;
  required?: boolean;
}) {
  return (
    <Field label={label} hint={hint} error={error}>
      {(props) => (
        <input
          {...props}
          type={type}
          value={value}
          {...(step ? { step } : {})}
          {...(min ? { min } : {})}
          {...(required ? { required: true } : {})}
          {...(type === "number" ? { inputMode: "decimal" as const } : {})}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </Field>
  );
}

export function SelectField({
  label,
  value,
  onChange,
  options,
  error,
  hint,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: { value: string; label: string }[];
  error?: string | undefined;
  hint?: string | undefined;
}) {
  return (
    <Field label={label} hint={hint} error={error}>
      {(props) => (
        <select {...props} value={value} onChange={(e) => onChange(e.target.value)}>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

export function CheckField({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <div className="bo-check">
      <label>
        <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} /> {label}
      </label>
    </div>
  );
}

/** A group of checkboxes choosing ids (rate plans, room types, channels). */
export function IdsField({
  legend,
  hint,
  options,
  value,
  onChange,
  error,
}: {
  legend: string;
  hint?: string | undefined;
  options: { id: number; label: string }[];
  value: number[];
  onChange: (value: number[]) => void;
  error?: string | undefined;
}) {
  return (
    <fieldset className="bo-ids" aria-invalid={error ? true : undefined}>
      <legend>{legend}</legend>
      {hint ? <p className="bo-hint">{hint}</p> : null}
      {options.map((o) => (
        <label key={o.id}>
          <input
            type="checkbox"
            checked={value.includes(o.id)}
            onChange={(e) =>
              onChange(e.target.checked ? [...value, o.id] : value.filter((id) => id !== o.id))
            }
          />{" "}
          {o.label}
        </label>
      ))}
      {error ? <p className="bo-field-error">{error}</p> : null}
    </fieldset>
  );
}

/** Fields side by side on a wide screen, one under the other on a phone. */
export function Row({ children }: { children: ReactNode }) {
  return <div className="bo-extras-row">{children}</div>;
}

/** A number typed in a form, or undefined when left empty (the field is optional then). */
export function numberOrUndefined(value: string): number | undefined {
  if (value.trim() === "") return undefined;
  const n = Number(value.replace(",", "."));
  return Number.isFinite(n) ? n : (value as unknown as number);
}

/** Leaves out optional values left empty, so the server applies its defaults. */
export function compact<T extends Record<string, unknown>>(body: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(body).filter(
      ([, v]) => v !== undefined && v !== "" && !(Array.isArray(v) && v.length === 0),
    ),
  ) as Partial<T>;
}

/**
 * A form's fields bound to its draft: `set(key)` changes one value, `field(key)` gives the value, its change and
 * the server's error for it (`<InputField label=… {...field("code")} />`).
 */
export function draftFields<D extends Record<string, unknown>>(
  draft: D,
  setDraft: (draft: D) => void,
  error: unknown,
) {
  const set =
    <K extends keyof D>(key: K) =>
    (value: D[K]) =>
      setDraft({ ...draft, [key]: value });
  const field = <K extends keyof D & string>(key: K) => ({
    value: draft[key],
    onChange: set(key),
    error: fieldError(error, key),
  });
  return { set, field };
}
