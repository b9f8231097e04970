import { useId } from "react";
import { Button } from "../../ui/Button";
import { showSeatLimitToast } from "../registration/seatLimitToast";
import type { RegisterState } from "./registerState";
import "./SidebarSections.css";

export interface RegisterPanelProps {
  state: RegisterState;
  onRegister: () => void;
  /** Called on hover or focus: the registration dialog's code starts loading before the click. */
  onPrefetch?: () => void;
}

export function RegisterPanel({ state, onRegister, onPrefetch }: RegisterPanelProps) {
  const spotsId = useId();
  const showSpots = state.spotsLeftText !== null;
  const handleClick = () => {
    if (!state.isBlocked) return onRegister();
    // Spec 1 §5: a full event keeps the button disabled and explains why.
    showSeatLimitToast();
  };
  return (
    <div className="register-panel">
      {/* aria-disabled rather than disabled: the click must still reach us to show the toast. */}
      <Button
        size="lg"
        fullWidth
        aria-disabled={state.isBlocked || undefined}
        aria-describedby={showSpots ? spotsId : undefined}
        onClick={handleClick}
        onPointerEnter={onPrefetch}
        onFocus={onPrefetch}
      >
        {state.label}
      </Button>
      {showSpots && (
        <p id={spotsId} className="register-panel__spots">
          {state.spotsLeftText}
        </p>
      )}
    </div>
  );
}
