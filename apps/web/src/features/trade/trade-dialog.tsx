import type { ReactNode, RefObject } from "react";
import { ModalDialog } from "../../ui/modal-dialog";

/**
 * The trade login's modal dialogs (login, password recovery, sign-up): the app's modal dialog with a close button;
 * Escape, the close button and a click on the backdrop close it (then `onClose`).
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
  return (
    <ModalDialog
      classPrefix="panel-dialog"
      title={title}
      titleId={titleId}
      closeLabel={closeLabel}
      onClose={onClose}
      closeOnBackdrop
      className={className ? `trade-dialog ${className}` : "trade-dialog"}
      {...(dialogRef ? { dialogRef } : {})}
    >
      {children}
    </ModalDialog>
  );
}
