import { expect, test } from "vitest";
import { videoFileType } from "./rules";

test.each([
  { case: "an MP4", fileName: "talk.mp4", want: "mp4" },
  { case: "a QuickTime movie, upper case", fileName: "IMG_0042.MOV", want: "mov" },
  { case: "a WebM recording", fileName: "screen recording.webm", want: "webm" },
  { case: "surrounding spaces", fileName: "  clip.Mp4  ", want: "mp4" },
  { case: "another video container", fileName: "old.avi", want: null },
  { case: "a Matroska file", fileName: "film.mkv", want: null },
  { case: "an audio file", fileName: "song.m4a", want: null },
  { case: "an image", fileName: "poster.png", want: null },
  { case: "the extension alone, as a name", fileName: "mp4", want: null },
  { case: "a video extension before another", fileName: "clip.mp4.exe", want: null },
  { case: "no name", fileName: "", want: null },
])("$case ($fileName) → $want", ({ fileName, want }) => {
  expect(videoFileType(fileName)).toBe(want);
});
