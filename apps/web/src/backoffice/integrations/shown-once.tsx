import { type ReactNode, useEffect, useRef, useState } from "react";
import { Field, Notice } from "../ui";
import "./shown-once.css";

/** The words of a secret shown once, in the page's own namespace. */
export type ShownOnceTexts = {
  warning: string;
  label: string;
  copy: string;
  copied: string;
  copyFailed: string;
  done: string;
};

/**
 * A secret the server shows once (an API key, a PMS's password): the warning, the value selected in a read-only
 * field, a copy button (a refused clipboard leaves it selected for the keyboard's copy) and Done.
 */
export function ShownOnce(props: {
  value: string;
  texts: ShownOnceTexts;
  onDone: () => void;
  /** What else the person must note, between the warning and the secret (e.g. the username). */
  children?: ReactNode;
}) {
  const { texts } = props;
  const [copied, setCopied] = useState<"idle" | "copied" | "failed">("idle");
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => field.current?.select(), []);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(props.value);
      setCopied("copied");
    } catch {
      field.current?.select();
      setCopied("failed");
    }
  };
  return (
    <div className="bo-once">
      <p className="bo-once__warning">
        <strong>{texts.warning}</strong>
      </p>
      {props.children}
      <Field label={texts.label}>
        {(fieldProps) => (
          <input
            {...fieldProps}
            ref={field}
            className="bo-once__secret"
            readOnly
            value={props.value}
            spellCheck={false}
            autoComplete="off"
          />
        )}
      </Field>
      <div className="bo-once__actions">
        <button type="button" className="bo-button" onClick={() => void copy()}>
          {texts.copy}
        </button>
        <button type="button" className="bo-button secondary" onClick={props.onDone}>
          {texts.done}
        </button>
      </div>
      {copied === "copied" ? <Notice>{texts.copied}</Notice> : null}
      {copied === "failed" ? (
        <p className="bo-error" role="alert">
          {texts.copyFailed}
        </p>
      ) : null}
    </div>
  );
}
