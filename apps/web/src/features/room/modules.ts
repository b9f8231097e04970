import { backstageChatModule, chatModule } from "../chat/chatModules";
import { clipsModule } from "../clips/clipsModule";
import { sessionsModule } from "../lobby/sessionsModule";
import { peopleModule } from "../people/peopleModule";
import { pollsModule } from "../polls/pollsModule";
import { questionsModule } from "../questions/questionsModule";
import type { RoomModule } from "../room-kit/roomModule";
import { studioModule } from "../studio/studioModule";

/** The sidebar's modules in the spec's tab order (spec 2 §1). */
export const ROOM_MODULES: readonly RoomModule[] = [
  chatModule,
  questionsModule,
  pollsModule,
  peopleModule,
  backstageChatModule,
  studioModule,
  clipsModule,
  sessionsModule,
];
