import { type ClipRangeSeconds, type ClipWindow, recordingClock } from "@onstage/domain";
import { useId } from "react";

export interface ClipRangeFieldsProps {
  playlistWindow: ClipWindow;
  range: ClipRangeSeconds;
  onStart: (seconds: number) => void;
  onEnd: (seconds: number) => void;
}

/**
 * Spec 2 §5, §9: Start and End over the playlist window, by pointer or keyboard (arrows: one second),
 * each with its time in the recording; the domain's clamping keeps the clip within 60 s.
 */
export function ClipRangeFields({ playlistWindow, range, onStart, onEnd }: ClipRangeFieldsProps) {
  return (
    <fieldset className="clip-range">
      <legend className="visually-hidden">Clip range</legend>
      <RangeField label="Start" value={range.start} playlistWindow={playlistWindow} onChange={onStart} />
      <RangeField label="End" value={range.end} playlistWindow={playlistWindow} onChange={onEnd} />
      <p className="clip-range__length" aria-live="polite">
        {Math.round(range.end - range.start)} s clip
      </p>
    </fieldset>
  );
}

function RangeField(props: {
  label: string;
  value: number;
  playlistWindow: ClipWindow;
  onChange: (seconds: number) => void;
}) {
  const id = useId();
  const clock = recordingClock(props.value);
  return (
    <div className="clip-range__field">
      <label htmlFor={id} className="clip-range__label">
        {props.label}
      </label>
      <input
        id={id}
        type="range"
        className="clip-range__input"
        min={props.playlistWindow.from}
        max={props.playlistWindow.to}
        step={1}
        value={props.value}
        aria-valuetext={clock}
        onChange={(event) => props.onChange(Number(event.target.value))}
      />
      <output htmlFor={id} className="clip-range__clock">
        {clock}
      </output>
    </div>
  );
}
