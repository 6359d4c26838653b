import { type ComponentProps, useCallback } from "react";
import { Link, useLocation } from "wouter";

/** A link to an absolute app path (from `href`), wherever it is rendered, nested routes included. */
export function AppLink({ to, ...props }: Omit<ComponentProps<"a">, "href"> & { to: string }) {
  return <Link href={`~${to}`} {...props} />;
}

/** Navigates to an absolute app path (from `href`). */
export function useNavigateTo(): (to: string, options?: { replace?: boolean; state?: unknown }) => void {
  const [, navigate] = useLocation();
  return useCallback((to, options) => navigate(`~${to}`, options), [navigate]);
}
