import type { SocialProvider } from "@onstage/domain";
import { useQuery } from "@tanstack/react-query";
import { fetchProviders } from "./authApi";
import { authKeys } from "./authKeys";

const NONE: readonly SocialProvider[] = [];

/** The social providers this server is configured for; the buttons of the others are not shown. */
export function useProviders(): readonly SocialProvider[] {
  const query = useQuery({ queryKey: authKeys.providers, queryFn: fetchProviders, staleTime: Infinity });
  return query.data?.providers ?? NONE;
}
