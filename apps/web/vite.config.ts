import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

const apiTarget = process.env.ONSTAGE_API ?? "http://127.0.0.1:3000";

export default defineConfig({
  plugins: [react()],
  server: {
    proxy: { "/api": { target: apiTarget, ws: true } },
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // Libraries change less often than the app: their own chunks stay cached across deploys.
        codeSplitting: {
          groups: [
            { name: "react", test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            { name: "zod", test: /node_modules[\\/]zod[\\/]/ },
            // Charts load only with the dashboard's registrations tab.
            {
              name: "charts",
              test: /node_modules[\\/](recharts|d3-[a-z-]+|victory-vendor|decimal\.js-light|es-toolkit|immer|redux|@reduxjs|reselect|react-redux|use-sync-external-store|eventemitter3)[\\/]/,
            },
            // The password-strength word lists load only when a new password is typed.
            { name: "password-strength", test: /node_modules[\\/]@zxcvbn-ts[\\/]/ },
            // LiveKit's client loads only on a LiveKit instance's stage (useLivekitStage imports it).
            {
              name: "livekit",
              test: /node_modules[\\/](livekit-client|@livekit|@bufbuild|webrtc-adapter|sdp|sdp-transform|loglevel|jose|typed-emitter|rxjs|events)[\\/]/,
            },
            // The video player loads only when a session has something to play.
            { name: "hls", test: /node_modules[\\/]hls\.js[\\/]/ },
            { name: "vendor", test: /node_modules[\\/]/ },
          ],
        },
      },
    },
  },
});
