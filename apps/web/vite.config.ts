import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { precompress } from "./build/precompress.ts";

const apiTarget = process.env.ONSTAGE_API ?? "http://127.0.0.1:3000";

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), precompress()],
  // The server entry (entry-server.tsx) carries its libraries, built for production like the browser's:
  // the server never runs React's development build, whatever its own NODE_ENV.
  ssr: { noExternal: true },
  define: isSsrBuild ? { "process.env.NODE_ENV": JSON.stringify("production") } : {},
  server: {
    proxy: { "/api": { target: apiTarget, ws: true } },
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    // The server entry's build needs no copy of public/: the browser's build serves it.
    copyPublicDir: !isSsrBuild,
    // dist/.vite/manifest.json: scripts/check-budget.ts follows the entry's static imports.
    manifest: true,
    // One stylesheet for the whole app (issue 14): the first load references a single CSS file, and a
    // lazy view (room, dialog) opens without waiting for its own CSS on a slow network.
    cssCodeSplit: false,
    rolldownOptions: {
      // A zod schema is built by a chain of calls the bundler cannot prove pure, so an unused schema in a
      // domain module would keep zod in every chunk that imports a constant from it (issue 14).
      output: {
        // Libraries change less often than the app: their own chunks stay cached across deploys.
        codeSplitting: {
          groups: [
            // What the landing pages run on (issue 14): one cacheable chunk beside the app's entry.
            {
              name: "framework",
              test: /node_modules[\\/](react|react-dom|scheduler|wouter|regexparam|use-sync-external-store|@tanstack)[\\/]/,
            },
            // Charts load only with the dashboard tabs that draw them (registrations, analytics, billing).
            {
              name: "charts",
              test: /node_modules[\\/](recharts|d3-[a-z-]+|victory-vendor|decimal\.js-light|es-toolkit|immer|redux|@reduxjs|reselect|react-redux|eventemitter3)[\\/]/,
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
          ],
        },
      },
    },
  },
}));
