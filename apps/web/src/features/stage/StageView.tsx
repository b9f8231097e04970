import { PROGRAM_HEIGHT, PROGRAM_WIDTH, type SceneLayer, type SceneTile, sceneLayer } from "@onstage/domain";
import { useEffect, useRef, useState } from "react";
import { SceneCanvas } from "../program-scene/SceneCanvas";
import { SceneDescription } from "../program-scene/SceneDescription";
import { type StageTile, stageTiles } from "./tiles";
import type { StageParticipant } from "./types";
import { useSpeaking } from "./useSpeaking";
import "../program-scene/program-scene.css";
import "./stage.css";

// The stage as the program shows it (issue 24 §1.1): the program scene at the largest 16:9 size that
// fits, its layers drawn by the program's own painters on a canvas under the tiles (the background) and
// one over them (name bars, cards, overlays); only the tiles' moving pictures are the DOM's <video>s.

export function StageView({
  participants,
  layers,
}: {
  participants: readonly StageParticipant[];
  /** The program scene (useProgramScene) of these participants. */
  layers: readonly SceneLayer[];
}) {
  const frame = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState({ width: 0, height: 0 });
  useEffect(() => {
    const element = frame.current;
    if (!element) return;
    const observer = new ResizeObserver(() =>
      setSize({ width: element.clientWidth, height: element.clientHeight }),
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  const scale = Math.max(0, Math.min(size.width / PROGRAM_WIDTH, size.height / PROGRAM_HEIGHT));
  const width = PROGRAM_WIDTH * scale;
  const height = PROGRAM_HEIGHT * scale;
  const tilesAt = layers.findIndex((layer) => layer.kind === "tiles");
  const under = tilesAt < 0 ? layers : layers.slice(0, tilesAt);
  const over = tilesAt < 0 ? [] : layers.slice(tilesAt);
  const media = new Map(stageTiles(participants).map((tile) => [tile.key, tile]));
  const tiles = sceneLayer(layers, "tiles")?.tiles ?? [];
  return (
    <div ref={frame} className="stage-view">
      <div
        className="stage-picture"
        style={{ width, height, left: (size.width - width) / 2, top: (size.height - height) / 2 }}
      >
        <SceneCanvas layers={under} width={width} height={height} />
        {tiles.map((tile) => {
          const stage = media.get(tile.key);
          return stage ? <TileView key={tile.key} tile={tile} stage={stage} scale={scale} /> : null;
        })}
        <SceneCanvas layers={over} width={width} height={height} />
        {tiles.map((tile) =>
          media.get(tile.key)?.participant.audioMuted && !tile.isScreen ? (
            <span key={tile.key} className="stage-tile__muted" style={placed(tile, scale)} aria-hidden="true">
              Muted
            </span>
          ) : null,
        )}
        <SceneDescription layers={layers} />
      </div>
    </div>
  );
}

function placed({ rect }: SceneTile, scale: number): React.CSSProperties {
  return {
    left: rect.x * scale,
    top: rect.y * scale,
    width: rect.width * scale,
    height: rect.height * scale,
  };
}

/** A tile's moving picture; its name bar (or name card) is the over canvas's. */
function TileView({ tile, stage, scale }: { tile: SceneTile; stage: StageTile; scale: number }) {
  const { participant, stream, isScreen } = stage;
  const video = useRef<HTMLVideoElement>(null);
  const speaking = useSpeaking(isScreen ? null : stream, participant.audioMuted);
  useEffect(() => {
    if (video.current && video.current.srcObject !== stream) video.current.srcObject = stream;
  }, [stream]);
  return (
    <figure
      className={`stage-tile${speaking ? " stage-tile--speaking" : ""}`}
      style={placed(tile, scale)}
      data-user-id={participant.userId}
      data-local={participant.isLocal || undefined}
    >
      <video
        ref={video}
        className="stage-tile__video"
        autoPlay
        playsInline
        // One's own microphone is never played back; a screen share carries no sound here.
        muted={participant.isLocal || isScreen}
        hidden={!tile.hasVideo}
        aria-label={tile.label}
      />
      <figcaption className="visually-hidden">
        {tile.label}
        {!isScreen && participant.audioMuted && ", muted"}
      </figcaption>
    </figure>
  );
}
