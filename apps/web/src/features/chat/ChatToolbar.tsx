import type { RoomResponse } from "@onstage/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { failureText } from "../../api";
import { Button } from "../../ui/Button";
import { toast } from "../../ui/toast";
import { roomKeys } from "../room-kit/useRoom";
import { toggleChat } from "./chatApi";

const FAILURE_TOAST_MS = 5_000;

/** Spec 2 §7 toggle-chat, applied to this tab's room at once. */
export function useToggleChat(room: RoomResponse) {
  const queryClient = useQueryClient();
  const { session } = room;
  const toggle = useMutation({
    mutationFn: (disableChat: boolean) =>
      toggleChat({ disableChat, sessionId: session.id, eventId: session.eventId }),
    // The session topic brings the same change to everyone else; this tab need not wait for it. The
    // requested value, not a toggle of the current one: the topic may have applied it already.
    onSuccess: (_, disableChat) => {
      queryClient.setQueryData<RoomResponse>(
        roomKeys.room(session.id),
        (old) => old && { ...old, session: { ...old.session, disableChat } },
      );
    },
    onError: (error) => toast.error(failureText(error), { durationMs: FAILURE_TOAST_MS }),
  });
  return toggle;
}

/** Spec 2 §6, §7: 'Disable chat' / 'Enable chat' for the viewers mayToggleChat allows. */
export function ToggleChatButton({ room }: { room: RoomResponse }) {
  const { session } = room;
  const toggle = useToggleChat(room);
  return (
    <Button
      variant="secondary"
      size="sm"
      disabled={toggle.isPending}
      onClick={() => toggle.mutate(!session.disableChat)}
    >
      {session.disableChat ? "Enable chat" : "Disable chat"}
    </Button>
  );
}

/** Spec 2 §1: chat, backstage chat and Q&A can be popped out into their own window. */
export function PopOutButton({ url, label }: { url: string; label: string }) {
  return (
    <Button
      variant="ghost"
      size="sm"
      onClick={() => {
        // One window per chat: pressing again focuses the open one.
        const opened = window.open(url, `onstage-popout-${url}`, "popup,width=420,height=720");
        if (!opened)
          toast.info("Allow pop-ups to open it in its own window.", { durationMs: FAILURE_TOAST_MS });
      }}
    >
      {label}
    </Button>
  );
}

/** The pop-out address: /c/{eventCode}/{urlHash}/popout/{module} (a third segment spec 1 §2 does not use). */
export const popOutPath = (eventCode: string, urlHash: string, module: "chat" | "backstagechat" | "qa") =>
  `/c/${encodeURIComponent(eventCode)}/${encodeURIComponent(urlHash)}/popout/${module}`;
