import { apiNoContent } from "../../api";

// Apart from authApi.ts: the account menu of every page signs out, and must not load the sign-in
// schemas (zod) to do so (issue 14).
export const signOut = () => apiNoContent("/api/auth/logout", { method: "POST" });

export const signOutEverywhere = () => apiNoContent("/api/auth/logout-everywhere", { method: "POST" });
