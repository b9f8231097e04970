import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, useEffect } from "react";
import { isApiError } from "./api";
import { endHydration } from "./lib/firstRender";
import { Toaster } from "./ui/toast";

const MAX_RETRIES = 2;

/** One per page load in the browser, one per render on the server. */
export function newQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // A 4xx answer (not found, forbidden) will not change on retry; network and 5xx errors might.
        retry: (failures, error) => !(isApiError(error) && error.status < 500) && failures < MAX_RETRIES,
        refetchOnWindowFocus: false,
      },
    },
  });
}

/** The providers around the router; the browser and the server's first render share them. */
export function App({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  // The root's effects run after every child's: the first render, hydrated or not, is over.
  useEffect(endHydration, []);
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Toaster />
    </QueryClientProvider>
  );
}
