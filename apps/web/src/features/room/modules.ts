import { backstageChatModule, chatModule } from "../chat/chatModules";
import { sessionsModule } from "../lobby/sessionsModule";
import { peopleModule } from "../people/peopleModule";
import { pollsModule } from "../polls/pollsModule";
import { questionsModule } from "../questions/questionsModule";
import type { RoomModule } from "./roomModule";

/** The sidebar's modules in the spec's tab order (spec 2 §1); clips and studio come with their issues. */
export const ROOM_MODULES: readonly RoomModule[] = [
  chatModule,
  questionsModule,
  pollsModule,
  peopleModule,
  backstageChatModule,
  sessionsModule,
];
