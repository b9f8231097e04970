import { useState } from "react";
import { failureText } from "../../../api";
import { DEFAULT_TOAST_MS, toast } from "../../../ui/toast";
import { useEventPartMutation } from "./useEventEditor";

export interface PartFormOptions<Body> {
  eventId: number;
  /** Creates or updates the part. */
  save: (body: Body) => Promise<unknown>;
  /** The toast once saved, e.g. 'Coupon added' or 'Coupon saved'. */
  savedText: string;
  onClose: () => void;
}

/**
 * The add/edit dialog of a session, ticket, coupon or question: a refusal found before sending, the save
 * mutation, and the props of its FormDialog.
 */
export function usePartForm<Body>({ eventId, save, savedText, onClose }: PartFormOptions<Body>) {
  const [refusal, setRefusal] = useState<string | null>(null);
  const mutation = useEventPartMutation(eventId, save);
  const send = (body: Body) => {
    setRefusal(null);
    mutation.mutate(body, {
      onSuccess: () => {
        toast.success(savedText, { durationMs: DEFAULT_TOAST_MS });
        onClose();
      },
    });
  };
  const dialogProps = {
    error: refusal ?? (mutation.error ? failureText(mutation.error) : null),
    isPending: mutation.isPending,
    onClose,
    // Any edit clears the last refusal: it spoke about the values before the edit.
    onEdit: () => {
      setRefusal(null);
      mutation.reset();
    },
  };
  return { refuse: setRefusal, send, dialogProps };
}
