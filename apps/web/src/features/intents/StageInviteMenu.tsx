import {
  type BroadcastType,
  isHostLevel,
  roomLayout,
  type SessionIntent,
  type TileState,
  type ViewerFlags,
} from "@onstage/domain";
import { useMutation } from "@tanstack/react-query";
import { useId, useState } from "react";
import { failureText } from "../../api";
import { Button } from "../../ui/Button";
import { toast } from "../../ui/toast";
import { answerHand, invite, type SessionRef, uninvite } from "./intentsApi";
import "./intents.css";

/** Spec 1 §2 studio people row: the tile states behind the menu's words. */
const TILE_CHOICES: readonly { tileState: TileState; label: string }[] = [
  { tileState: "main", label: "To Main Stage" },
  { tileState: "side", label: "To Gallery" },
  { tileState: "offstage", label: "To Stage Left" },
];

export interface StageInviteMenuProps {
  session: SessionRef;
  broadcastType: BroadcastType;
  /** The person of the row. */
  userId: number;
  name: string;
  /** Their current stage intent in the session. */
  intent: SessionIntent | null;
  viewerUserId: number | null;
  flags: ViewerFlags;
}

/**
 * The per-person stage actions of spec 1 §2: Invite (To Main Stage, To Gallery, To Stage Left), Accept with
 * the same choices plus Ignore for a raised hand (owner/admin), Uninvite. Renders nothing when the viewer
 * has none of them, so it can sit in any people row (or the person's action menu).
 */
export function StageInviteMenu({
  session,
  broadcastType,
  userId,
  name,
  intent,
  viewerUserId,
  flags,
}: StageInviteMenuProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const act = useMutation({
    mutationFn: (run: () => Promise<unknown>) => run(),
    onSuccess: () => setOpen(false),
    onError: (err) => toast.error(failureText(err), { durationMs: 5_000 }),
  });
  const type = intent?.intentType ?? null;
  const choices = stageChoices({ type, isSelf: userId === viewerUserId, flags, broadcastType });
  if (choices === null) return null;
  const run = (work: () => Promise<unknown>) => act.mutate(work);
  return (
    <div className="stage-invite">
      <Button
        size="sm"
        variant="secondary"
        aria-expanded={open}
        aria-controls={`${id}-menu`}
        onClick={() => setOpen(!open)}
      >
        {FACE_LABELS[choices]}
        <span className="visually-hidden"> {name}</span>
      </Button>
      {open && (
        <fieldset id={`${id}-menu`} className="stage-invite__menu" aria-label={`Stage actions for ${name}`}>
          {choices === "uninvite" ? (
            <Button
              size="sm"
              variant="ghost"
              disabled={act.isPending}
              onClick={() => run(() => uninvite(session, userId))}
            >
              Uninvite
            </Button>
          ) : (
            <>
              <p className="stage-invite__label">{choices === "answer" ? "Accept" : "Invite"}</p>
              {TILE_CHOICES.map(({ tileState, label }) => (
                <Button
                  key={tileState}
                  size="sm"
                  variant="ghost"
                  disabled={act.isPending}
                  onClick={() =>
                    run(() =>
                      choices === "answer"
                        ? answerHand(session, userId, tileState)
                        : invite(session, userId, tileState),
                    )
                  }
                >
                  {label}
                </Button>
              ))}
              {choices === "answer" && (
                <Button
                  size="sm"
                  variant="ghost"
                  disabled={act.isPending}
                  onClick={() => run(() => answerHand(session, userId, "ignore"))}
                >
                  Ignore
                </Button>
              )}
            </>
          )}
        </fieldset>
      )}
    </div>
  );
}

/** The menu button's words (followed, for assistive technology, by the person's name). */
const FACE_LABELS = { invite: "Invite", answer: "Hand raised", uninvite: "Invited" } as const;

/** Which of the menu's faces the viewer gets for this person; null: none (the server decides the rest). */
function stageChoices(input: {
  type: SessionIntent["intentType"] | null;
  isSelf: boolean;
  flags: ViewerFlags;
  broadcastType: BroadcastType;
}): "invite" | "answer" | "uninvite" | null {
  const { type, flags } = input;
  if (!flags.canManagePeople || input.isSelf) return null;
  // Spec 1 §5: "the session is not an RTMP broadcast"; nobody goes on its stage.
  if (roomLayout(input.broadcastType) !== "stage") return null;
  if (type === "invite_sent" || type === "invite_accepted") return "uninvite";
  // Spec 1 §5: Accept/Ignore needs an owner/admin and a raised hand.
  if (type === "hand_raised") return isHostLevel(flags) ? "answer" : null;
  return "invite";
}
