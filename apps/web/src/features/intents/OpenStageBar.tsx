import { Button } from "../../ui/Button";
import "./intents.css";

/**
 * The open stage is an invitation, not a summons: a viewer keeps watching until they choose to join
 * (the device preview follows), and may go back to watching at any time.
 */
export function OpenStageBar(props: { isJoined: boolean; onJoinedChange: (isJoined: boolean) => void }) {
  return (
    <section className="open-stage" aria-label="Open stage">
      <p>{props.isJoined ? "You are joining the open stage." : "The stage is open to everyone."}</p>
      <Button size="sm" variant="secondary" onClick={() => props.onJoinedChange(!props.isJoined)}>
        {props.isJoined ? "Back to watching" : "Join the stage"}
      </Button>
    </section>
  );
}
