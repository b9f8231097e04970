import { backstageChatModule, chatModule } from "../chat/chatModules";
import { sessionsModule } from "../lobby/sessionsModule";
import { peopleModule } from "../people/peopleModule";
import type { RoomModule } from "./roomModule";

/** The sidebar's modules in tab order; q&a, polls, clips and studio come with their issues. */
export const ROOM_MODULES: readonly RoomModule[] = [
  chatModule,
  peopleModule,
  backstageChatModule,
  sessionsModule,
];
