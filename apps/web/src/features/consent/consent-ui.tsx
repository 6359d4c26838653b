import { createContext, type ReactNode, useCallback, useContext, useMemo, useRef, useState } from "react";

type ConsentUi = {
  /** Opens the "Choose" dialog; focus returns to `opener` (else to the footer's link) when it closes. */
  open: (opener?: HTMLElement | null) => void;
  close: () => void;
  isOpen: boolean;
};

const Context = createContext<ConsentUi | null>(null);

/** The one place that knows whether the consent dialog is open: the banner and the footer link both open it. */
export function ConsentUiProvider({ children }: { children: ReactNode }) {
  const [isOpen, setOpen] = useState(false);
  const opener = useRef<HTMLElement | null>(null);
  const open = useCallback((from?: HTMLElement | null) => {
    opener.current = from ?? (document.activeElement as HTMLElement | null);
    setOpen(true);
  }, []);
  const close = useCallback(() => {
    setOpen(false);
    const back = opener.current;
    opener.current = null;
    // After the dialog has gone: the opener if it is still on the page (the banner's goes once decided), else the
    // footer's "Cookie settings".
    window.setTimeout(() => {
      const target =
        back?.isConnected === true ? back : document.querySelector<HTMLElement>("[data-consent-settings]");
      target?.focus();
    }, 0);
  }, []);
  const value = useMemo(() => ({ open, close, isOpen }), [open, close, isOpen]);
  return <Context.Provider value={value}>{children}</Context.Provider>;
}

export function useConsentUi(): ConsentUi {
  const value = useContext(Context);
  if (!value) throw new Error("useConsentUi outside ConsentUiProvider");
  return value;
}
