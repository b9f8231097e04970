import { errorMessage, type RoomResponse, studioFeatureRefusal } from "@onstage/domain";
import { useQueryClient } from "@tanstack/react-query";
import { failureText } from "../../api";
import { Checkbox } from "../../ui/Checkbox";
import { Tooltip } from "../../ui/Tooltip";
import { toast } from "../../ui/toast";
import { roomKeys } from "../room-kit/useRoom";
import { toggleQa } from "./questionsApi";

const FAILURE_TOAST_MS = 5_000;

/**
 * Spec 2 §6, §7: 'Show on stage' and 'Truncate', for members and studio admins (canToggleQaOnStage).
 * The question on stage is an overlay of the composed program, so spec 3 §1 disables it in RTMP Mode.
 */
export function QaToggles({ room }: { room: RoomResponse }) {
  const { session } = room;
  const refusal = studioFeatureRefusal(session.broadcastType, "overlays");
  if (refusal === null) return <QaStageToggles room={room} />;
  return (
    <Tooltip text={errorMessage(refusal)}>
      {(tooltipId) => <QaStageToggles room={room} disabledBy={tooltipId} />}
    </Tooltip>
  );
}

/**
 * `disabledBy`: the id of what says why the toggles are off. They stay focusable (aria-disabled) so a
 * keyboard reaches that reason, and a click changes nothing (the boxes follow the session).
 */
function QaStageToggles({ room, disabledBy }: { room: RoomResponse; disabledBy?: string }) {
  const queryClient = useQueryClient();
  const { session } = room;
  const set = async (setting: "qa_show_on_stage" | "qa_truncate_on_stage", value: boolean) => {
    try {
      await toggleQa(setting, value, session);
      // The session topic brings the same change to everyone else; this tab need not wait for it.
      const field = setting === "qa_show_on_stage" ? "qaShowOnStage" : "qaTruncateOnStage";
      queryClient.setQueryData<RoomResponse>(
        roomKeys.room(session.id),
        (old) => old && { ...old, session: { ...old.session, [field]: value } },
      );
    } catch (error) {
      toast.error(failureText(error), { durationMs: FAILURE_TOAST_MS });
    }
  };
  const disabled = disabledBy ? { "aria-disabled": true, "aria-describedby": disabledBy } : {};
  const change = (setting: "qa_show_on_stage" | "qa_truncate_on_stage", value: boolean) => {
    if (!disabledBy) void set(setting, value);
  };
  return (
    <div className="qa-toggles">
      <Checkbox
        checked={session.qaShowOnStage}
        onChange={(e) => change("qa_show_on_stage", e.target.checked)}
        {...disabled}
      >
        Show on stage
      </Checkbox>
      <Checkbox
        checked={session.qaTruncateOnStage}
        onChange={(e) => change("qa_truncate_on_stage", e.target.checked)}
        {...disabled}
      >
        Truncate
      </Checkbox>
    </div>
  );
}
