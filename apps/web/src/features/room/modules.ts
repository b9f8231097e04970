import { backstageChatModule, chatModule } from "../chat/chatModules";
import { peopleModule } from "../people/peopleModule";
import { pollsModule } from "../polls/pollsModule";
import { questionsModule } from "../questions/questionsModule";
import type { RoomModule } from "./roomModule";

/** The sidebar's modules in the spec's tab order (spec 2 §1); clips, studio and sessions come with their issues. */
export const ROOM_MODULES: readonly RoomModule[] = [
  chatModule,
  questionsModule,
  pollsModule,
  peopleModule,
  backstageChatModule,
];
