import type { Painters } from "../painter";
import { background } from "./background";
import { logo } from "./logo";
import { question } from "./question";
import { slate } from "./slate";
import { slide } from "./slide";
import { tiles } from "./tiles";
import { title } from "./title";
import { video } from "./video";

/** Every layer kind's painter: a new kind of layer is one entry here (and one in the domain's scene). */
export const PAINTERS: Painters = { background, slide, video, slate, tiles, logo, title, question };
