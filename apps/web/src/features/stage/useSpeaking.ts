import { useEffect, useState } from "react";

/** RMS level (0..1) above which a voice counts as speaking. */
const SPEAKING_LEVEL = 0.02;
const SAMPLE_MS = 150;

/** Whether the stream's audio is loud enough to show the speaking ring (WebAudio AnalyserNode). */
export function useSpeaking(stream: MediaStream | null, muted: boolean): boolean {
  const [speaking, setSpeaking] = useState(false);
  const track = stream?.getAudioTracks()[0] ?? null;
  useEffect(() => {
    if (!track || muted || typeof AudioContext === "undefined") {
      setSpeaking(false);
      return;
    }
    const context = new AudioContext();
    const analyser = context.createAnalyser();
    analyser.fftSize = 512;
    context.createMediaStreamSource(new MediaStream([track])).connect(analyser);
    const samples = new Float32Array(analyser.fftSize);
    const timer = setInterval(() => {
      analyser.getFloatTimeDomainData(samples);
      let sum = 0;
      for (const s of samples) sum += s * s;
      setSpeaking(Math.sqrt(sum / samples.length) > SPEAKING_LEVEL);
    }, SAMPLE_MS);
    return () => {
      clearInterval(timer);
      void context.close();
    };
  }, [track, muted]);
  return speaking;
}
