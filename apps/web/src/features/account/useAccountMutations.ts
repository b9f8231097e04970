import { MeResponse, type UpdateProfileRequest } from "@onstage/domain";
import { useMutation } from "@tanstack/react-query";
import type { z } from "zod";
import { api, jsonBody } from "../../api";
import { acceptTerms } from "../auth/authApi";
import { useProfileChanged } from "./useProfileChanged";

export function useUpdateProfile() {
  const profileChanged = useProfileChanged();
  return useMutation({
    mutationFn: (body: z.input<typeof UpdateProfileRequest>) =>
      api("/api/user/profile", MeResponse, jsonBody(body, "PATCH")),
    onSuccess: profileChanged,
  });
}

export function useAcceptTerms() {
  const profileChanged = useProfileChanged();
  return useMutation({
    mutationFn: acceptTerms,
    onSuccess: profileChanged,
  });
}
