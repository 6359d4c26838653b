import { X } from "lucide-react";
import { type ReactNode, type RefObject, useEffect, useId, useRef } from "react";

/**
 * The web app's modal dialog: the browser's own `<dialog>` shown as a modal at mount (focus kept inside, the page
 * behind inert), named by its heading. Escape, the close button (when `closeLabel` is given), a click on the backdrop
 * (`closeOnBackdrop`) and `dialogRef.current.close()` from the content all end in `onClose`; while `busy` nothing
 * closes it, so no answer is lost. `classPrefix` names its parts (`<prefix>__header`, `__title`, `__close`).
 */
export function ModalDialog(props: {
  title: ReactNode;
  onClose: () => void;
  classPrefix: string;
  /** Extra classes of the `<dialog>` (it always has `dialog` and the prefix). */
  className?: string;
  /** The heading's id, when the caller needs it (else one is made). */
  titleId?: string;
  /** The close button's accessible name; no close button without it. */
  closeLabel?: string;
  closeOnBackdrop?: boolean;
  busy?: boolean;
  dialogRef?: RefObject<HTMLDialogElement | null>;
  children: ReactNode;
}) {
  const own = useRef<HTMLDialogElement>(null);
  const dialog = props.dialogRef ?? own;
  const generated = useId();
  const titleId = props.titleId ?? `${generated}-title`;
  const busy = useRef(props.busy ?? false);
  busy.current = props.busy ?? false;
  const onClose = useRef(props.onClose);
  onClose.current = props.onClose;
  /** Closing on unmount is not the user's close: `onClose` is not called for it. */
  const unmounting = useRef(false);

  useEffect(() => {
    const node = dialog.current;
    if (node && !node.open) {
      if (typeof node.showModal === "function") node.showModal();
      else node.setAttribute("open", "");
    }
    unmounting.current = false;
    return () => {
      unmounting.current = true;
      if (node?.open && typeof node.close === "function") node.close();
    };
  }, [dialog]);

  const requestClose = () => {
    if (busy.current) return;
    const node = dialog.current;
    // The dialog's own close event then calls onClose, as for a close from the content.
    if (node?.open && typeof node.close === "function") node.close();
    else onClose.current();
  };

  const { classPrefix: prefix } = props;
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: a backdrop click mirrors Escape, which the modal dialog handles natively
    <dialog
      ref={dialog}
      className={`dialog ${prefix}${props.className ? ` ${props.className}` : ""}`}
      aria-labelledby={titleId}
      aria-busy={props.busy || undefined}
      onCancel={(event) => {
        event.preventDefault();
        requestClose();
      }}
      onClose={() => {
        // Not the user's close: the unmount's, or a stale event of an effect React re-ran (closed and showed again,
        // e.g. around a Suspense that loaded texts): the dialog is then open again.
        if (unmounting.current || dialog.current?.open) return;
        onClose.current();
      }}
      onClick={(event) => {
        if (props.closeOnBackdrop && event.target === event.currentTarget) requestClose();
      }}
    >
      <div className={`${prefix}__header`}>
        <h2 id={titleId} className={`${prefix}__title`}>
          {props.title}
        </h2>
        {props.closeLabel ? (
          <button
            type="button"
            className={`${prefix}__close`}
            aria-label={props.closeLabel}
            onClick={requestClose}
            disabled={props.busy}
          >
            <X aria-hidden="true" focusable="false" size={20} />
          </button>
        ) : null}
      </div>
      {props.children}
    </dialog>
  );
}
