import type { CurrentUser } from "@onstage/domain";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useProfileChanged } from "../account/useProfileChanged";
import { changePassword, fetchSignInAccounts, resendVerification, uploadPhoto } from "./settingsApi";

export const settingsKeys = {
  signInAccounts: ["account", "sign-in-accounts"] as const,
};

export function useSignInAccounts() {
  return useQuery({ queryKey: settingsKeys.signInAccounts, queryFn: fetchSignInAccounts });
}

export function useChangePassword() {
  const profileChanged = useProfileChanged();
  return useMutation({ mutationFn: changePassword, onSuccess: () => profileChanged() });
}

/** Spec 1 §7 POST /api/user/verify-email: the link brings the user back to these settings. */
export function useResendVerification(user: CurrentUser) {
  return useMutation({
    mutationFn: () =>
      resendVerification({
        email: user.email,
        first_name: user.firstName || undefined,
        additionalQueryStrings: { redirectTo: "/account/settings" },
      }),
  });
}

/** The upload with its progress, from 0 to 1, for the progress bar. */
export function usePhotoUpload() {
  const profileChanged = useProfileChanged();
  const [progress, setProgress] = useState(0);
  const mutation = useMutation({
    mutationFn: (file: File) => {
      setProgress(0);
      return uploadPhoto(file, setProgress);
    },
    onSuccess: profileChanged,
  });
  return { ...mutation, progress };
}
