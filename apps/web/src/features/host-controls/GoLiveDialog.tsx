import { type GoLiveStep, goLivePopover } from "@onstage/domain";
import { useState } from "react";
import { Button } from "../../ui/Button";
import { Checkbox } from "../../ui/Checkbox";
import { Dialog } from "../../ui/Dialog";

export interface GoLiveChoice {
  isRecording: boolean;
  callAudience?: boolean;
  notifyFollowers: boolean;
}

export interface GoLiveDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  multiSession: boolean;
  followerCount: number;
  isPrivate: boolean;
  onGoLive: (choice: GoLiveChoice) => void;
}

const DESCRIPTION: Record<GoLiveStep, string> = {
  call_audience: "Call the audience of the other sessions to this one?",
  record: "Record this session, or go live without a recording?",
};

/** Spec 2 §4 go-live popover: two steps for multi-session events; notify followers when allowed. */
export function GoLiveDialog(props: GoLiveDialogProps) {
  const { steps, canNotifyFollowers } = goLivePopover(props);
  const [stepIndex, setStepIndex] = useState(0);
  const [callAudience, setCallAudience] = useState<boolean | undefined>(undefined);
  const [notifyFollowers, setNotifyFollowers] = useState(false);
  const step = steps[stepIndex] ?? "record";
  const close = (open: boolean) => {
    if (!open) setStepIndex(0);
    props.onOpenChange(open);
  };
  const answerCall = (call: boolean) => {
    setCallAudience(call);
    setStepIndex(stepIndex + 1);
  };
  const goLive = (isRecording: boolean) => {
    props.onGoLive({ isRecording, callAudience, notifyFollowers: canNotifyFollowers && notifyFollowers });
    close(false);
  };
  return (
    <Dialog open={props.open} onOpenChange={close} title="Go live" description={DESCRIPTION[step]}>
      {step === "call_audience" ? (
        <div className="host-controls__dialog-actions">
          <Button variant="secondary" onClick={() => answerCall(false)}>
            No, stay in this session only
          </Button>
          <Button onClick={() => answerCall(true)}>Yes, call the audience</Button>
        </div>
      ) : (
        <>
          {canNotifyFollowers && (
            <Checkbox checked={notifyFollowers} onChange={(e) => setNotifyFollowers(e.target.checked)}>
              Notify followers
            </Checkbox>
          )}
          <div className="host-controls__dialog-actions">
            <Button variant="secondary" onClick={() => goLive(false)}>
              Go live only
            </Button>
            <Button onClick={() => goLive(true)}>Go live and record</Button>
          </div>
        </>
      )}
    </Dialog>
  );
}
