import type { Queryable } from "../../platform/database";
import type { DevMailbox } from "../../platform/mail/dev-mailbox";
import type { Feature } from "../feature";
import { devMailboxRoutes } from "./routes";

export const devMailboxFeature = (mailbox: DevMailbox, db: Queryable): Feature => ({
  name: "dev-mailbox",
  routes: devMailboxRoutes(mailbox, db),
});
