import { type CsrfResponse, type ErrorResponse, PAGE_ERROR_MESSAGES } from "@onstage/domain";
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

/** The `{ error: { code, message } }` envelope, checked by hand: zod stays out of the first load (issue 14). */
function errorOf(body: unknown): ErrorResponse["error"] | null {
  if (typeof body !== "object" || body === null || !("error" in body)) return null;
  const { error } = body;
  if (typeof error !== "object" || error === null || !("code" in error) || !("message" in error)) return null;
  const { code, message } = error;
  return typeof code === "string" && typeof message === "string" ? { code, message } : null;
}

function errorFrom(status: number, body: unknown): ApiError {
  const error = errorOf(body);
  if (error) return new ApiError(status, error.code, error.message);
  const code = status === 404 ? "not_found" : "internal";
  return new ApiError(status, code, PAGE_ERROR_MESSAGES[code]);
}

async function readError(response: Response): Promise<ApiError> {
  return errorFrom(response.status, await response.json().catch(() => null));
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

// One token per page load: every non-GET request carries it. The server rotates it with the session, so
// sign-in and sign-out forget it, and a `csrf_invalid` answer refetches it once.
let csrfToken: Promise<string> | null = null;

function csrf(): Promise<string> {
  csrfToken ??= apiJson<z.infer<typeof CsrfResponse>>("/api/auth/csrf")
    .then((answer) => answer.csrfToken)
    .catch((error: unknown) => {
      csrfToken = null;
      throw error;
    });
  return csrfToken;
}

export function forgetCsrfToken() {
  csrfToken = null;
}

const isCsrfRefusal = (error: ApiError) => error.status === 403 && error.code === "csrf_invalid";

async function send(path: string, init?: RequestInit): Promise<Response> {
  const method = (init?.method ?? "GET").toUpperCase();
  const needsCsrf = method !== "GET" && method !== "HEAD";
  const attempt = async () => {
    const headers = new Headers(init?.headers);
    headers.set("accept", "application/json");
    // FormData sets its own multipart content-type, with the boundary.
    if (typeof init?.body === "string" && !headers.has("content-type")) {
      headers.set("content-type", "application/json");
    }
    if (needsCsrf) headers.set("x-csrf-token", await csrf());
    return fetch(path, { ...init, headers, credentials: "same-origin" });
  };
  const response = await attempt();
  if (response.ok) return response;
  const error = await readError(response);
  if (!needsCsrf || !isCsrfRefusal(error)) throw error;
  forgetCsrfToken();
  const retried = await attempt();
  if (!retried.ok) throw await readError(retried);
  return retried;
}

/** Fetch a JSON endpoint of our own server and parse the answer with its shared zod schema. */
export async function api<T>(path: string, schema: z.ZodType<T>, init?: RequestInit): Promise<T> {
  const response = await send(path, init);
  return schema.parse(await response.json());
}

/**
 * A JSON answer of our own server, typed but not parsed: for the landing pages' reads, whose code every
 * visitor downloads first (issue 14). The server already validates each answer with its response schema.
 */
export async function apiJson<T>(path: string, init?: RequestInit): Promise<T> {
  const response = await send(path, init);
  return (await response.json()) as T;
}

/** For endpoints that answer 204 No Content. */
export async function apiNoContent(path: string, init?: RequestInit): Promise<void> {
  await send(path, init);
}

/** A JSON request body; callers type `body` with the request's shared schema. */
export function jsonBody(body: unknown, method: "POST" | "PATCH" | "PUT" | "DELETE" = "POST"): RequestInit {
  return { method, body: JSON.stringify(body) };
}

interface RawAnswer {
  status: number;
  body: unknown;
}

function postWithXhr(path: string, body: FormData, token: string, onProgress: (fraction: number) => void) {
  return new Promise<RawAnswer>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", path);
    xhr.setRequestHeader("accept", "application/json");
    xhr.setRequestHeader("x-csrf-token", token);
    xhr.upload.addEventListener("progress", (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    });
    xhr.addEventListener("load", () => resolve({ status: xhr.status, body: parseJson(xhr.responseText) }));
    xhr.addEventListener("error", () => reject(new TypeError("Network error")));
    xhr.addEventListener("abort", () => reject(new TypeError("Upload aborted")));
    xhr.send(body);
  });
}

/** A multipart POST whose upload progress (0 to 1) is reported: fetch cannot report it, XHR can. */
export async function uploadWithProgress<T>(
  path: string,
  body: FormData,
  schema: z.ZodType<T>,
  onProgress: (fraction: number) => void,
): Promise<T> {
  let answer = await postWithXhr(path, body, await csrf(), onProgress);
  if (answer.status === 403 && isCsrfRefusal(errorFrom(answer.status, answer.body))) {
    forgetCsrfToken();
    answer = await postWithXhr(path, body, await csrf(), onProgress);
  }
  if (answer.status < 200 || answer.status >= 300) throw errorFrom(answer.status, answer.body);
  return schema.parse(answer.body);
}

export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}

/** What a form shows for a failed request: the server's catalogue wording, else the generic one. */
export function failureText(error: unknown): string {
  return error instanceof ApiError ? error.message : PAGE_ERROR_MESSAGES.internal;
}
