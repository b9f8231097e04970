import { PROGRAM_HEIGHT, PROGRAM_WIDTH, type SceneLayer } from "@onstage/domain";
import { canvasSurface } from "../program-scene/painter";
import { ScenePainter } from "../program-scene/scenePainter";
import { sharedVideoAudio } from "../program-scene/sharedVideo";
import { stageTiles } from "../stage/tiles";
import type { StageParticipant } from "../stage/types";
import { AudioMix } from "./audioMix";
import { startFrameTimer } from "./frameTimer";

export const PROGRAM_FPS = 30;

export interface ProgramFeed {
  canvas: HTMLCanvasElement;
  /** The canvas at 30 fps plus the mixed audio: what the recorder sends. */
  stream: MediaStream;
  /** `layers`: the program scene; `participants`: whose pictures its tiles show and whose sound is mixed. */
  update: (layers: readonly SceneLayer[], participants: readonly StageParticipant[]) => void;
  stop: () => void;
}

/** A playing, muted video element per stream: the canvas draws from it; the mix carries the sound. */
function videoFor(media: MediaStream): HTMLVideoElement {
  const video = document.createElement("video");
  video.muted = true;
  video.playsInline = true;
  video.srcObject = media;
  void video.play().catch(() => {});
  return video;
}

/**
 * The program feed (issue 11 §3): the program scene drawn on a 1280x720 canvas 30 times a second (by a
 * worker's timer, so a hidden tab keeps the rate) and every participant's audio mixed into one track.
 */
export function composeProgramFeed(
  layers: readonly SceneLayer[],
  participants: readonly StageParticipant[],
): ProgramFeed {
  const canvas = document.createElement("canvas");
  canvas.width = PROGRAM_WIDTH;
  canvas.height = PROGRAM_HEIGHT;
  const ctx = canvas.getContext("2d", { alpha: false });
  if (!ctx) throw new Error("This browser cannot draw the program feed (no 2D canvas).");
  const painter = new ScenePainter(ctx, { surface: canvasSurface });
  const videos = new Map<string, { media: MediaStream; video: HTMLVideoElement }>();
  const mix = new AudioMix();
  const video = (key: string) => videos.get(key)?.video ?? null;

  const update = (nextLayers: readonly SceneLayer[], next: readonly StageParticipant[]) => {
    const again = () => update(nextLayers, next);
    painter.setLayers(nextLayers, performance.now());
    const pictures = new Map(
      stageTiles(next).flatMap((tile) => (tile.stream && !tile.videoMuted ? [[tile.key, tile.stream]] : [])),
    );
    for (const [key, entry] of videos) {
      if (pictures.get(key) === entry.media) continue;
      entry.video.srcObject = null;
      videos.delete(key);
    }
    for (const [key, media] of pictures) {
      if (!videos.has(key)) videos.set(key, { media, video: videoFor(media) });
    }
    const audible = next.flatMap((p) => [
      ...(p.audioMuted ? [] : (p.media?.getAudioTracks() ?? [])),
      ...(p.screen?.getAudioTracks() ?? []),
    ]);
    // Issue 25 §2: the shared video's sound, from the element the host's stage plays too.
    const shared = nextLayers.flatMap((layer) =>
      layer.kind === "video" ? sharedVideoAudio(layer.video.url, again) : [],
    );
    mix.update([...audible, ...shared]);
  };

  const draw = () => {
    painter.draw({ now: performance.now(), video });
  };
  update(layers, participants);
  draw();
  const stopTimer = startFrameTimer(PROGRAM_FPS, draw);
  const stream = canvas.captureStream(PROGRAM_FPS);
  if (mix.track) stream.addTrack(mix.track);

  return {
    canvas,
    stream,
    update,
    stop: () => {
      stopTimer();
      for (const track of stream.getTracks()) track.stop();
      for (const { video } of videos.values()) video.srcObject = null;
      videos.clear();
      mix.close();
    },
  };
}
