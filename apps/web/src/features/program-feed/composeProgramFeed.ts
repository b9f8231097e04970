import type { QaStageCard } from "@onstage/domain";
import type { StageParticipant } from "../stage/types";
import { AudioMix } from "./audioMix";
import {
  type DrawnTile,
  drawProgramFrame,
  PROGRAM_HEIGHT,
  PROGRAM_WIDTH,
  type ProgramBrand,
} from "./drawProgramFrame";
import { drawQaCard, layoutQaCard, type QaCardLayout } from "./drawQaCard";
import { startFrameTimer } from "./frameTimer";
import { programTiles } from "./programTiles";

export const PROGRAM_FPS = 30;

export interface ProgramFeed {
  canvas: HTMLCanvasElement;
  /** The canvas at 30 fps plus the mixed audio: what the recorder sends. */
  stream: MediaStream;
  /** `card`: the question on stage (issue 12), or null. */
  update: (participants: readonly StageParticipant[], brand: ProgramBrand, card: QaStageCard | null) => void;
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
 * The program feed (issue 11 §3): the stage drawn on a 1280x720 canvas 30 times a second (by a worker's
 * timer, so a hidden tab keeps the rate) and every participant's audio mixed into one track.
 */
export function composeProgramFeed(
  participants: readonly StageParticipant[],
  brand: ProgramBrand,
  card: QaStageCard | null = null,
): ProgramFeed {
  const canvas = document.createElement("canvas");
  canvas.width = PROGRAM_WIDTH;
  canvas.height = PROGRAM_HEIGHT;
  const ctx = canvas.getContext("2d", { alpha: false });
  if (!ctx) throw new Error("This browser cannot draw the program feed (no 2D canvas).");
  const videos = new Map<string, { media: MediaStream; video: HTMLVideoElement }>();
  const mix = new AudioMix();
  let tiles: DrawnTile[] = [];
  let currentBrand = brand;
  let cardLayout: QaCardLayout | null = null;
  let cardKey = "";

  const update = (
    next: readonly StageParticipant[],
    nextBrand: ProgramBrand,
    nextCard: QaStageCard | null,
  ) => {
    currentBrand = nextBrand;
    // Text layout measures strings: done when the card changes, never per frame.
    const key = nextCard ? JSON.stringify([nextCard.text, nextCard.askedBy, nextBrand.color]) : "";
    if (key !== cardKey) {
      cardKey = key;
      cardLayout = nextCard && layoutQaCard(ctx, nextCard, nextBrand.color);
    }
    const wanted = programTiles(next);
    const keys = new Set(wanted.map((t) => t.key));
    for (const [key, entry] of videos) {
      const tile = wanted.find((t) => t.key === key);
      if (keys.has(key) && tile?.media === entry.media) continue;
      entry.video.srcObject = null;
      videos.delete(key);
    }
    tiles = wanted.map((tile) => {
      if (!tile.media || tile.videoMuted) return { name: tile.name, video: null };
      let entry = videos.get(tile.key);
      if (!entry) {
        entry = { media: tile.media, video: videoFor(tile.media) };
        videos.set(tile.key, entry);
      }
      return { name: tile.name, video: entry.video };
    });
    const audible = next.flatMap((p) => [
      ...(p.audioMuted ? [] : (p.media?.getAudioTracks() ?? [])),
      ...(p.screen?.getAudioTracks() ?? []),
    ]);
    mix.update(audible);
  };

  const draw = () => {
    drawProgramFrame(ctx, tiles, currentBrand);
    if (cardLayout) drawQaCard(ctx, cardLayout);
  };
  update(participants, brand, card);
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
