import { RTCPeerConnection, type RTCPeerConnectionConfig, useNACK, useOPUS, usePLI, useVP8 } from "werift";

// One werift peer connection as the SFU opens them: VP8 and Opus only, so a forwarded packet keeps its
// payload type meaning on every hop; no header extensions, so no transport-wide congestion control
// (with TWCC Chromium's estimate stayed at 640x360, MEDIA-NOTES "WebRTC") and no publisher extension
// (a mid) leaks into a subscriber's packets; one bundled transport; host candidates only (no STUN).

const CONFIG: Partial<RTCPeerConnectionConfig> = {
  codecs: {
    audio: [useOPUS({ payloadType: 111 })],
    video: [useVP8({ payloadType: 96, rtcpFeedback: [useNACK(), usePLI()] })],
  },
  headerExtensions: { audio: [], video: [] },
  iceServers: [],
  iceUseIpv6: false,
  bundlePolicy: "max-bundle",
};

export function openPeer(): RTCPeerConnection {
  return new RTCPeerConnection(CONFIG);
}
