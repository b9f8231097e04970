import { useSearchParams } from "wouter";
import { Button } from "../ui/Button";
import { PlaceholderPage } from "./PlaceholderPage";

/**
 * Where the donation's payment window lands (spec 2 §4): the room's dialog, which polls check-status,
 * shows the result; this window only says so and may be closed.
 */
export function DonationCompletePage() {
  const [params] = useSearchParams();
  const paid = params.get("status") === "paid";
  return (
    <PlaceholderPage title={paid ? "Thank you!" : "Payment cancelled"}>
      <p>
        {paid
          ? "Your payment went through. You can close this window and go back to the event."
          : "Nothing was charged. You can close this window and go back to the event."}
      </p>
      <Button onClick={() => window.close()}>Close this window</Button>
    </PlaceholderPage>
  );
}
