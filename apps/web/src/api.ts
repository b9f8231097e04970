import { ErrorResponse, errorMessage } from "@onstage/domain";
import type { z } from "zod";

/** A non-2xx answer from the server, with the stable code of its `{ error: { code, message } }` body. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

async function readError(response: Response): Promise<ApiError> {
  const body: unknown = await response.json().catch(() => null);
  const parsed = ErrorResponse.safeParse(body);
  if (parsed.success) {
    return new ApiError(response.status, parsed.data.error.code, parsed.data.error.message);
  }
  const code = response.status === 404 ? "not_found" : "internal";
  return new ApiError(response.status, code, errorMessage(code));
}

/** Fetch a JSON endpoint of our own server and parse the answer with its shared zod schema. */
export async function api<T>(path: string, schema: z.ZodType<T>, init?: RequestInit): Promise<T> {
  const headers = new Headers(init?.headers);
  headers.set("accept", "application/json");
  if (typeof init?.body === "string" && !headers.has("content-type")) {
    headers.set("content-type", "application/json");
  }
  const response = await fetch(path, { ...init, headers, credentials: "same-origin" });
  if (!response.ok) throw await readError(response);
  return schema.parse(await response.json());
}

export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}
