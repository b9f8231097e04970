import { registerButtonLabel } from "@onstage/domain";

/** The domain's register button label for a plain event, with the given differences. */
export const registerLabel = (overrides: Partial<Parameters<typeof registerButtonLabel>[0]>) =>
  registerButtonLabel({
    customText: null,
    isFull: false,
    passwordProtected: false,
    ticketed: false,
    allSessionsEnded: false,
    isRegisteredOrPaid: false,
    ...overrides,
  });
