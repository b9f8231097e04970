import { VIDEO_FILE_EXTENSIONS } from "../constants";
import { extensionIn } from "../slides/rules";

// Issue 25 §2 video shares: the upload's type by its name. The server's preparation then checks that
// the content is that container.

export type VideoFileType = (typeof VIDEO_FILE_EXTENSIONS)[number];

/** The video's type by its extension, or null ('file type not allowed'). */
export const videoFileType = (fileName: string): VideoFileType | null =>
  extensionIn(fileName, VIDEO_FILE_EXTENSIONS);
