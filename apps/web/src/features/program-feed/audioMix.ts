/**
 * Every participant's microphone (and screen audio) mixed into one track with WebAudio. Sources are
 * kept per track id, so a participant joining or leaving does not glitch the others.
 */
export class AudioMix {
  private readonly context = new AudioContext();
  private readonly destination = this.context.createMediaStreamDestination();
  private readonly sources = new Map<string, MediaStreamAudioSourceNode>();
  /**
   * Measured: MediaRecorder writes nothing at all while its audio track carries no samples (nobody on
   * stage, everyone muted). A constant 0 keeps the mix rendering silence, so the video always flows.
   */
  private readonly silence = this.context.createConstantSource();

  constructor() {
    this.silence.offset.value = 0;
    this.silence.connect(this.destination);
    this.silence.start();
  }

  get track(): MediaStreamTrack | null {
    return this.destination.stream.getAudioTracks()[0] ?? null;
  }

  /** Mixes exactly these tracks from now on. */
  update(tracks: readonly MediaStreamTrack[]) {
    // A context created before the host's click starts suspended.
    if (this.context.state === "suspended") void this.context.resume();
    const wanted = new Map(tracks.filter((t) => t.readyState === "live").map((t) => [t.id, t]));
    for (const [id, source] of this.sources) {
      if (wanted.has(id)) continue;
      source.disconnect();
      this.sources.delete(id);
    }
    for (const [id, track] of wanted) {
      if (this.sources.has(id)) continue;
      const source = this.context.createMediaStreamSource(new MediaStream([track]));
      source.connect(this.destination);
      this.sources.set(id, source);
    }
  }

  private isClosed = false;

  /**
   * Once: the feed is stopped at End and again as the host's stage unmounts (useProgramFeed), and a
   * second close() rejects with 'Cannot close a closed AudioContext' (issue 23 §3.5).
   */
  close() {
    if (this.isClosed) return;
    this.isClosed = true;
    for (const source of this.sources.values()) source.disconnect();
    this.sources.clear();
    this.silence.stop();
    void this.context.close();
  }
}
