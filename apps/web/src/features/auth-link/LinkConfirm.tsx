import { Button } from "../../ui/Button";

export interface LinkConfirmProps {
  isBusy: boolean;
  onConfirm: () => void;
}

/** Magic-link and verify-e-mail links: one click spends the token. */
export function LinkConfirm({ isBusy, onConfirm }: LinkConfirmProps) {
  return (
    <Button size="lg" fullWidth disabled={isBusy} onClick={onConfirm}>
      Continue
    </Button>
  );
}
