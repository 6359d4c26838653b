import type { InputHTMLAttributes } from "react";

/** A labelled input of the trade forms (login, password, recovery). */
export function TradeField({
  label,
  ...input
}: { id: string; label: string } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <div className="field">
      <label htmlFor={input.id}>{label}</label>
      <input {...input} />
    </div>
  );
}
