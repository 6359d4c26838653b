import type { StaffMe } from "@alloggio/domain/contract/backoffice/access";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { createContext, type ReactNode, useContext, useEffect } from "react";
import { ApiError } from "../lib/api-client";
import { useNavigateTo } from "../ui/app-link";
import { boGet, onSessionLost, setCsrfToken } from "./api";
import { boHref } from "./routes";

export const ME_QUERY = ["backoffice", "me"] as const;

const StaffContext = createContext<StaffMe | null>(null);

/** The signed-in staff user; only inside `<RequireStaff>`. */
export function useStaff(): StaffMe {
  const staff = useContext(StaffContext);
  if (!staff) throw new Error("useStaff outside RequireStaff");
  return staff;
}

/** Who is signed in: null when nobody (401). */
export function useMe() {
  return useQuery({
    queryKey: ME_QUERY,
    queryFn: async () => {
      try {
        const me = await boGet<StaffMe>("me");
        setCsrfToken(me.csrfToken);
        return me;
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) return null;
        throw error;
      }
    },
    staleTime: 5 * 60_000,
    retry: false,
  });
}

/** Renders its children for a signed-in user; sends anybody else to the sign-in page, then back here. */
export function RequireStaff({ children }: { children: ReactNode }) {
  const me = useMe();
  const navigate = useNavigateTo();
  const queryClient = useQueryClient();
  useEffect(() => {
    onSessionLost(() => {
      queryClient.setQueryData(ME_QUERY, null);
    });
  }, [queryClient]);
  const signedOut = me.data === null;
  useEffect(() => {
    if (!signedOut) return;
    const next = window.location.pathname + window.location.search;
    navigate(boHref("boSignIn", {}, next === boHref("boHome", {}) ? {} : { next }), { replace: true });
  }, [signedOut, navigate]);
  if (me.isError) throw me.error;
  if (!me.data) return null;
  return <StaffContext.Provider value={me.data}>{children}</StaffContext.Provider>;
}
