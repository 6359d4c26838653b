import { X } from "lucide-react";
import { type ReactNode, useEffect, useId, useRef } from "react";
import { useTranslation } from "react-i18next";

/**
 * A modal dialog for one voucher action: the browser's own `<dialog>` (focus kept inside, Escape closes, the page
 * behind inert), named by its title. While a call is running it cannot be closed, so no answer is lost.
 */
export function ActionDialog(props: {
  title: string;
  onClose: () => void;
  busy?: boolean;
  children: ReactNode;
  wide?: boolean;
}) {
  const { t } = useTranslation("manage");
  const dialog = useRef<HTMLDialogElement>(null);
  const id = useId();
  const busy = useRef(props.busy ?? false);
  busy.current = props.busy ?? false;

  useEffect(() => {
    const node = dialog.current;
    if (node && !node.open) {
      if (typeof node.showModal === "function") node.showModal();
      else node.setAttribute("open", "");
    }
    return () => {
      if (node?.open && typeof node.close === "function") node.close();
    };
  }, []);

  const close = () => {
    if (!busy.current) props.onClose();
  };

  return (
    <dialog
      ref={dialog}
      className={`dialog manage-dialog${props.wide ? " manage-dialog--wide" : ""}`}
      aria-labelledby={`${id}-title`}
      aria-busy={props.busy || undefined}
      onCancel={(event) => {
        event.preventDefault();
        close();
      }}
    >
      <div className="manage-dialog__header">
        <h2 id={`${id}-title`} className="manage-dialog__title">
          {props.title}
        </h2>
        <button
          type="button"
          className="manage-dialog__close"
          aria-label={t("close")}
          onClick={close}
          disabled={props.busy}
        >
          <X aria-hidden="true" focusable="false" size={20} />
        </button>
      </div>
      <div className="manage-dialog__body">{props.children}</div>
    </dialog>
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
