import type { DevMailbox } from "../../platform/mail/dev-mailbox";
import type { Feature } from "../feature";
import { devMailboxRoutes } from "./routes";

export const devMailboxFeature = (mailbox: DevMailbox): Feature => ({
  name: "dev-mailbox",
  routes: devMailboxRoutes(mailbox),
});
