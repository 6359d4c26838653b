import { useQueryClient } from "@tanstack/react-query";
import {
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from "react";
import { useHotel } from "../hotel/hotel-context";
import { tradeLoginApi } from "./trade-api";
import { TradeContext, type TradeContextValue } from "./trade-context";
import { createTradeSession } from "./trade-session";
import "./trade.css";

// The forms load when they open.
const TradeLoginDialog = lazy(() => import("./trade-login-dialog"));
const TradePasswordDialog = lazy(() => import("./trade-password-dialog"));
const ForgotPasswordDialog = lazy(() => import("./forgot-password-dialog"));
const SignUpDialog = lazy(() => import("./sign-up-dialog"));

const localStore = () => {
  try {
    return typeof localStorage === "undefined" ? null : localStorage;
  } catch {
    return null;
  }
};

/** The trade login of a trade channel's pages: its session (checked every 10 s), dialogs and the context. */
export default function TradeChannel({ children }: { children: ReactNode }) {
  const { ids, portal } = useHotel();
  const queryClient = useQueryClient();
  // On a portal page the account is checked for the channel only: its first hotel is not the page's hotel.
  const hotel = portal ? undefined : ids.hotel;
  const session = useMemo(
    () =>
      createTradeSession({
        channel: ids.channel,
        hotel,
        api: tradeLoginApi,
        storage: localStore(),
      }),
    [ids.channel, hotel],
  );
  useEffect(() => {
    session.start();
    return () => session.stop();
  }, [session]);
  const state = useSyncExternalStore(session.subscribe, session.getState, session.getState);
  const [loginOpen, setLoginOpen] = useState(false);
  /** The login dialog's two ways on: password recovery and the sign-up (ADR 0033). */
  const [account, setAccount] = useState<"forgot" | "signUp" | null>(null);
  const toAccount = (which: "forgot" | "signUp") => {
    setLoginOpen(false);
    setAccount(which);
  };
  /** Closing one of them: back where the login was opened from. */
  const closeAccount = () => {
    setAccount(null);
    requestAnimationFrame(() => {
      const back = opener.current?.isConnected
        ? opener.current
        : document.querySelector<HTMLElement>(".trade-header__button");
      back?.focus();
    });
  };
  const opener = useRef<HTMLElement | null>(null);

  // Prices depend on the login (the server reads it from the session cookie): search again when it changes.
  // Trade prices wait for a forced password change too (the server shows guest prices until then).
  const priced = state.user && !state.user.mustChangePassword ? state.user.id : 0;
  const previous = useRef(priced);
  useEffect(() => {
    if (previous.current === priced) return;
    previous.current = priced;
    void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== "hotellist" });
  }, [priced, queryClient]);

  const openLogin = useCallback(() => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setLoginOpen(true);
  }, []);
  const value = useMemo<TradeContextValue>(
    () => ({ ...state, session, openLogin }),
    [state, session, openLogin],
  );

  return (
    <TradeContext.Provider value={value}>
      {children}
      <Suspense fallback={null}>
        {loginOpen && !state.user ? (
          <TradeLoginDialog
            onClose={() => {
              setLoginOpen(false);
              // Back where the user was; after a login that button is gone: the header's "Log out" then.
              requestAnimationFrame(() => {
                const back = opener.current?.isConnected
                  ? opener.current
                  : document.querySelector<HTMLElement>(".trade-header__button");
                back?.focus();
              });
            }}
            onForgot={() => toAccount("forgot")}
            onSignUp={() => toAccount("signUp")}
          />
        ) : null}
        {account === "forgot" && !state.user ? (
          <ForgotPasswordDialog
            channel={ids.channel}
            language={ids.language}
            onClose={closeAccount}
            onBack={() => {
              setAccount(null);
              setLoginOpen(true);
            }}
          />
        ) : null}
        {account === "signUp" && !state.user ? <SignUpDialog onClose={closeAccount} /> : null}
        {state.user?.mustChangePassword ? <TradePasswordDialog /> : null}
      </Suspense>
    </TradeContext.Provider>
  );
}
