import { useMutation } from "@tanstack/react-query";
import { failureText } from "../../api";
import { DEFAULT_TOAST_MS, toast } from "../../ui/toast";
import { signOut, signOutEverywhere } from "./signOutApi";
import { useAuthChanged } from "./useAuthChanged";

/** 'Sign out' ends this browser's session; 'Sign out everywhere' ends every session of the account. */
export function useSignOut() {
  const authChanged = useAuthChanged();
  return useMutation({
    mutationFn: (scope: "here" | "everywhere") => (scope === "here" ? signOut() : signOutEverywhere()),
    onSuccess: () => authChanged({ user: null }),
    onError: (error) => toast.error(failureText(error), { id: "sign-out", durationMs: DEFAULT_TOAST_MS }),
  });
}
