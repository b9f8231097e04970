import { FEEDBACK_AUTO_ADVANCE_MS, FEEDBACK_TEXT_MAX_CHARS } from "@onstage/domain";
import { useEffect, useState } from "react";
import { Button } from "../../ui/Button";
import { Dialog } from "../../ui/Dialog";
import { TextAreaField } from "../../ui/TextAreaField";
import { sendHostFeedback } from "./feedbackApi";
import { mostTilesOnStage } from "./mostTiles";
import { StarRating } from "./StarRating";

type Page = "overall" | "details" | "thanks";

/**
 * Spec 2 §4 feedback modal: 1 overall stars (advances 0.5 s after a rating), 2 video and audio stars,
 * text and Share, 3 thanks. Spec 2 §8: a failed send is only logged; the host is thanked all the same.
 */
export function HostFeedbackDialog({
  eventId,
  sessionId,
  onOpenChange,
}: {
  eventId: number;
  /** The ended session; null keeps the dialog closed. */
  sessionId: number | null;
  onOpenChange: (open: boolean) => void;
}) {
  const [page, setPage] = useState<Page>("overall");
  const [overall, setOverall] = useState<number | null>(null);
  const [video, setVideo] = useState<number | null>(null);
  const [audio, setAudio] = useState<number | null>(null);
  const [text, setText] = useState("");
  useEffect(() => {
    if (page !== "overall" || overall === null) return;
    const timer = window.setTimeout(() => setPage("details"), FEEDBACK_AUTO_ADVANCE_MS);
    return () => window.clearTimeout(timer);
  }, [page, overall]);

  const share = () => {
    if (overall === null || sessionId === null) return;
    setPage("thanks");
    const mostTiles = mostTilesOnStage(sessionId);
    sendHostFeedback({
      feedback: {
        overall,
        ...(video !== null ? { video_quality: video } : {}),
        ...(audio !== null ? { audio_quality: audio } : {}),
        ...(text.trim() ? { general_feedback: text.trim() } : {}),
        ...(mostTiles !== undefined ? { most_tiles_on_stage: mostTiles } : {}),
      },
      event_id: eventId,
      video_session_id: sessionId,
    }).catch((error: unknown) => console.error("host feedback was not sent", error));
  };

  return (
    <Dialog
      open={sessionId !== null}
      onOpenChange={onOpenChange}
      title={page === "thanks" ? "Thank you!" : "How did your session go?"}
      description={
        page === "thanks"
          ? "Thanks for your feedback: it helps us make every session better."
          : "Your feedback goes to the Onstage team."
      }
    >
      {page === "overall" && <StarRating legend="Overall" value={overall} onChange={setOverall} />}
      {page === "details" && (
        <>
          <StarRating legend="Video quality" value={video} onChange={setVideo} />
          <StarRating legend="Audio quality" value={audio} onChange={setAudio} />
          <TextAreaField
            label="Anything else?"
            value={text}
            maxLength={FEEDBACK_TEXT_MAX_CHARS}
            onChange={(e) => setText(e.target.value)}
          />
          <div className="feedback__actions">
            <Button onClick={share}>Share</Button>
          </div>
        </>
      )}
      {page === "thanks" && (
        <div className="feedback__actions">
          <Button onClick={() => onOpenChange(false)}>Close</Button>
        </div>
      )}
    </Dialog>
  );
}
