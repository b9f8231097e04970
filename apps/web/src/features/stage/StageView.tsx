import { stageLayout } from "@onstage/domain";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { type StageTile, stageTiles } from "./tiles";
import type { StageParticipant } from "./types";
import { useSpeaking } from "./useSpeaking";

// The DOM stage: tiles where stageLayout puts them, so the program feed's canvas draws the same picture.

/** `overlay`: drawn over the tiles, as the program feed draws it over its picture (the Q&A card). */
export function StageView({
  participants,
  overlay,
}: {
  participants: StageParticipant[];
  overlay?: ReactNode;
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
  const tiles = stageTiles(participants);
  const layout = stageLayout(tiles.length, size.width, size.height);
  return (
    <div ref={frame} className="stage-view">
      {tiles.map((tile, i) => {
        const rect = layout.tiles[i];
        return rect ? (
          <TileView
            key={tile.key}
            tile={tile}
            style={{ left: rect.x, top: rect.y, width: rect.width, height: rect.height }}
            nameBarHeight={layout.nameBarHeight}
          />
        ) : null;
      })}
      {overlay}
    </div>
  );
}

function TileView({
  tile,
  style,
  nameBarHeight,
}: {
  tile: StageTile;
  style: React.CSSProperties;
  nameBarHeight: number;
}) {
  const { participant, stream, isScreen } = tile;
  const video = useRef<HTMLVideoElement>(null);
  const speaking = useSpeaking(isScreen ? null : stream, participant.audioMuted);
  useEffect(() => {
    if (video.current && video.current.srcObject !== stream) video.current.srcObject = stream;
  }, [stream]);
  const name = isScreen ? `${participant.name}'s screen` : participant.name;
  const hideVideo = !isScreen && participant.videoMuted;
  return (
    <figure
      className={`stage-tile${speaking ? " stage-tile--speaking" : ""}`}
      style={style}
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
        hidden={hideVideo}
        aria-label={name}
      />
      <figcaption className="stage-tile__name" style={{ height: nameBarHeight }}>
        <span>{name}</span>
        {!isScreen && participant.audioMuted && <span className="stage-tile__muted">Muted</span>}
      </figcaption>
    </figure>
  );
}
