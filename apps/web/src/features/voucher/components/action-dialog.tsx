import { type ReactNode, useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { ModalDialog } from "../../../ui/modal-dialog";

/**
 * A modal dialog for one voucher action (the app's modal dialog), named by its title. While a call is running it
 * cannot be closed, so no answer is lost.
 */
export function ActionDialog(props: {
  title: string;
  onClose: () => void;
  busy?: boolean;
  children: ReactNode;
  wide?: boolean;
}) {
  const { t } = useTranslation("manage");
  return (
    <ModalDialog
      classPrefix="manage-dialog"
      title={props.title}
      closeLabel={t("close")}
      onClose={props.onClose}
      busy={props.busy ?? false}
      {...(props.wide ? { className: "manage-dialog--wide" } : {})}
    >
      <div className="manage-dialog__body">{props.children}</div>
    </ModalDialog>
  );
}

/** A call the dialog waits for, announced, with a spinner. */
export function ActionLoading({ text }: { text: string }) {
  return (
    <p role="status" className="manage-loading">
      <span className="spinner" aria-hidden="true" />
      {text}
    </p>
  );
}

/** A problem in words, announced at once, and focusable so the guest lands on it. */
export function ActionProblem({ message, id }: { message: string | null; id?: string }) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (message) ref.current?.focus();
  }, [message]);
  return (
    <p
      ref={ref}
      id={id}
      role="alert"
      tabIndex={-1}
      className={message ? "manage-problem" : "visually-hidden"}
    >
      {message ?? ""}
    </p>
  );
}

/**
 * A dialog's row of two buttons: going back (secondary) and the action itself, which submits the dialog's form
 * when it has no click handler of its own.
 */
export function ActionButtons(props: {
  backLabel: string;
  onBack: () => void;
  backDisabled?: boolean;
  label: string;
  onAction?: () => void;
  disabled?: boolean;
  danger?: boolean;
}) {
  return (
    <div className="manage-actions-row">
      <button
        type="button"
        className="button button--secondary"
        onClick={props.onBack}
        disabled={props.backDisabled}
      >
        {props.backLabel}
      </button>
      <button
        type={props.onAction ? "button" : "submit"}
        className={props.danger ? "button button--danger" : "button"}
        onClick={props.onAction}
        disabled={props.disabled}
      >
        {props.label}
      </button>
    </div>
  );
}
