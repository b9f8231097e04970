import { backstageChatModule, chatModule } from "../chat/chatModules";
import { peopleModule } from "../people/peopleModule";
import { pollsModule } from "../polls/pollsModule";
import type { RoomModule } from "./roomModule";

/** The sidebar's modules in tab order; q&a, clips, studio and sessions come with their issues. */
export const ROOM_MODULES: readonly RoomModule[] = [
  chatModule,
  pollsModule,
  peopleModule,
  backstageChatModule,
];
