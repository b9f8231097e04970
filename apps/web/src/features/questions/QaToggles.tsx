import type { RoomResponse } from "@onstage/domain";
import { useQueryClient } from "@tanstack/react-query";
import { failureText } from "../../api";
import { Checkbox } from "../../ui/Checkbox";
import { toast } from "../../ui/toast";
import { roomKeys } from "../room/roomApi";
import { toggleQa } from "./questionsApi";

const FAILURE_TOAST_MS = 5_000;

/** Spec 2 §6, §7: 'Show on stage' and 'Truncate', for members and studio admins (canToggleQaOnStage). */
export function QaToggles({ room }: { room: RoomResponse }) {
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
  return (
    <div className="qa-toggles">
      <Checkbox
        checked={session.qaShowOnStage}
        onChange={(e) => void set("qa_show_on_stage", e.target.checked)}
      >
        Show on stage
      </Checkbox>
      <Checkbox
        checked={session.qaTruncateOnStage}
        onChange={(e) => void set("qa_truncate_on_stage", e.target.checked)}
      >
        Truncate
      </Checkbox>
    </div>
  );
}
