import { hostControls, isHostLevel, type RoomSession, type ViewerFlags } from "@onstage/domain";
import { useMutation } from "@tanstack/react-query";
import { failureText } from "../../api";
import { Checkbox } from "../../ui/Checkbox";
import { toast } from "../../ui/toast";
import { type HostSetting, updateSetting } from "./intentsApi";

/**
 * Spec 2 §6 people panel host controls (owner/admin): allow raising hands, open stage, hide audience;
 * spec 2 §4's show-to-all flag.
 * Raise hands and open stage only for webrtc, non-lobby sessions; raise hands disabled while the stage is
 * open. The session topic brings the new settings back (RoomSession).
 */
export function HostToggles({ session, flags }: { session: RoomSession; flags: ViewerFlags }) {
  const save = useMutation({
    mutationFn: ({ name, value }: { name: HostSetting; value: boolean }) =>
      updateSetting({ sessionId: session.id, eventId: session.eventId }, name, value),
    onError: (err) => toast.error(failureText(err), { durationMs: 5_000 }),
  });
  if (!isHostLevel(flags)) return null;
  const controls = hostControls(session);
  const toggle = (name: HostSetting) => (event: React.ChangeEvent<HTMLInputElement>) =>
    save.mutate({ name, value: event.target.checked });
  return (
    <fieldset className="host-toggles">
      <legend className="people__heading">Host controls</legend>
      {controls.showRaiseHands && (
        <Checkbox
          checked={session.allowRaisingHands}
          disabled={controls.raiseHandsDisabled || save.isPending}
          onChange={toggle("allow_raising_hands")}
        >
          Allow raising hands
        </Checkbox>
      )}
      {controls.showOpenStage && (
        <Checkbox checked={session.openStage} disabled={save.isPending} onChange={toggle("open_stage")}>
          Open stage
        </Checkbox>
      )}
      <Checkbox checked={session.hideAudience} disabled={save.isPending} onChange={toggle("hide_audience")}>
        Hide audience
      </Checkbox>
      {/* Issue 27: the whole audience on HLS, whatever its size (a small room watches in real time). */}
      {controls.showShowToAll && (
        <Checkbox checked={session.showToAll} disabled={save.isPending} onChange={toggle("show_to_all")}>
          Show to all over HLS
        </Checkbox>
      )}
    </fieldset>
  );
}
