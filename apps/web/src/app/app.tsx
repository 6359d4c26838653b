import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { Suspense } from "react";
import { I18nextProvider } from "react-i18next";
import { i18n } from "../i18n/i18n";
import { retryUnlessAnswered } from "../lib/api-client";
import { PageSkeleton } from "../ui/page-skeleton";
import { AppRoutes } from "./router";
import "./app.css";

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: 60_000, retry: retryUnlessAnswered(1), refetchOnWindowFocus: false },
  },
});

export function App() {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <Suspense fallback={<PageSkeleton />}>
          <AppRoutes />
        </Suspense>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
