import { X } from "lucide-react";
import { type ReactNode, type RefObject, useEffect, useRef } from "react";

/**
 * The trade login's modal dialogs (login, password recovery, sign-up): opened as a modal at mount, a heading and a
 * close button; Escape, the close button and a click on the backdrop close it (then `onClose`).
 */
export function TradeDialog({
  titleId,
  title,
  closeLabel,
  onClose,
  className,
  dialogRef,
  children,
}: {
  /** The heading's id (the caller's `useId`, which it may also use for its fields). */
  titleId: string;
  title: string;
  closeLabel: string;
  onClose: () => void;
  className?: string;
  /** To close it from inside (a "Close" button of the content). */
  dialogRef?: RefObject<HTMLDialogElement | null>;
  children: ReactNode;
}) {
  const own = useRef<HTMLDialogElement>(null);
  const dialog = dialogRef ?? own;
  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal?.();
  }, [dialog]);
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: a backdrop click mirrors Escape, which the modal dialog handles natively
    <dialog
      ref={dialog}
      className={className ? `dialog trade-dialog ${className}` : "dialog trade-dialog"}
      aria-labelledby={titleId}
      onClose={onClose}
      onClick={(event) => {
        if (event.target === event.currentTarget) event.currentTarget.close();
      }}
    >
      <div className="trade-dialog__head">
        <h2 id={titleId}>{title}</h2>
        <button
          type="button"
          className="trade-dialog__close"
          aria-label={closeLabel}
          onClick={() => dialog.current?.close()}
        >
          <X aria-hidden="true" size={22} />
        </button>
      </div>
      {children}
    </dialog>
  );
}
