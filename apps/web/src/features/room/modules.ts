import { backstageChatModule, chatModule } from "../chat/chatModules";
import { peopleModule } from "../people/peopleModule";
import { questionsModule } from "../questions/questionsModule";
import type { RoomModule } from "./roomModule";

/** The sidebar's modules in tab order; polls, clips, studio and sessions come with their issues. */
export const ROOM_MODULES: readonly RoomModule[] = [
  chatModule,
  questionsModule,
  peopleModule,
  backstageChatModule,
];
