import {
  type EventPageData,
  errorMessage,
  mayToggleChat,
  mayToggleClipping,
  roomLayout,
  STAGE_TOAST_MS,
} from "@onstage/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId } from "react";
import { failureText } from "../../api";
import { Checkbox } from "../../ui/Checkbox";
import { toast } from "../../ui/toast";
import { useToggleChat } from "../chat/ChatToolbar";
import { eventKeys } from "../events/eventKeys";
import { updateSetting } from "../host-controls/sessionControlApi";
import { useSessionControl } from "../host-controls/useSessionControl";
import type { RoomViewProps } from "../room-kit/roomModule";
import { toggleClipping } from "./moduleSettingsApi";
import "./module-settings.css";

/**
 * Spec 2 §6, §7: the settings menu that disables chat (channel members, studio admins), Q&A (studio
 * admins: update-settings disable_qa) and clipping (also event moderators: the event's disable_clipping).
 * Shown only to a viewer who may change at least one of them.
 */
export function ModuleSettings({ data, room, flags }: RoomViewProps) {
  const { session } = room;
  const chat = useToggleChat(room);
  const qa = useSessionControl(session.id, (disableQa: boolean) =>
    updateSetting({ sessionId: session.id, eventId: session.eventId }, { disable_qa: disableQa }),
  );
  const clipping = useToggleClippingSetting(data);
  const clippingNoteId = useId();
  // Spec 3 §2: the setting is the event's, but this session's viewers cannot clip it whatever it says.
  const clippingNote = roomLayout(session.broadcastType) === "rtmp" ? errorMessage("rtmp_mode") : null;
  const shows = { chat: mayToggleChat(flags), qa: flags.isStudioAdmin, clipping: mayToggleClipping(flags) };
  if (!shows.chat && !shows.qa && !shows.clipping) return null;
  return (
    <details className="module-settings">
      <summary className="module-settings__summary">Module settings</summary>
      <div className="module-settings__menu">
        {shows.chat && (
          <Checkbox
            checked={requested(chat, session.disableChat)}
            disabled={chat.isPending}
            onChange={(e) => chat.mutate(e.target.checked)}
          >
            Disable chat
          </Checkbox>
        )}
        {shows.qa && (
          <Checkbox
            checked={requested(qa, session.disableQa)}
            disabled={qa.isPending}
            onChange={(e) => qa.mutate(e.target.checked)}
          >
            Disable Q&amp;A
          </Checkbox>
        )}
        {shows.clipping && (
          <>
            <Checkbox
              checked={requested(clipping, data.event.disableClipping)}
              disabled={clipping.isPending}
              onChange={(e) => clipping.mutate(e.target.checked)}
              aria-describedby={clippingNote ? clippingNoteId : undefined}
            >
              Disable clipping
            </Checkbox>
            {clippingNote && (
              <p id={clippingNoteId} className="module-settings__note">
                {clippingNote}
              </p>
            )}
          </>
        )}
      </div>
    </details>
  );
}

/** While a change is on its way the box shows what was asked (a failure puts the setting back). */
const requested = (change: { isPending: boolean; variables?: boolean }, current: boolean) =>
  change.isPending && change.variables !== undefined ? change.variables : current;

/** toggle-clipping, applied to this tab's event page at once (the event topic tells the others). */
function useToggleClippingSetting(data: EventPageData) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (disableClipping: boolean) => toggleClipping(data.event.id, disableClipping),
    onSuccess: ({ disableClipping }) => {
      queryClient.setQueryData<EventPageData>(
        eventKeys.byCode(data.event.eventCode),
        (old) => old && { ...old, event: { ...old.event, disableClipping } },
      );
    },
    onError: (error) => toast.error(failureText(error), { durationMs: STAGE_TOAST_MS }),
  });
}
