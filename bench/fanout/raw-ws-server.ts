import { WebSocket, WebSocketServer } from "ws";

// The yardstick: a bare `ws` broadcast server with nothing but the relay. Every frame a client sends
// goes, unchanged, to every other open client. No auth, no topics, no storage, no acks.

const wss = new WebSocketServer({ host: "127.0.0.1", port: 0 });

wss.on("connection", (ws) => {
  ws.on("message", (data, isBinary) => {
    for (const client of wss.clients) {
      if (client !== ws && client.readyState === WebSocket.OPEN) client.send(data, { binary: isBinary });
    }
  });
});

wss.on("listening", () => {
  const address = wss.address();
  const port = typeof address === "object" && address ? address.port : 0;
  process.send?.({ type: "listening", port });
});

process.on("disconnect", () => process.exit(0));
process.on("SIGTERM", () => wss.close(() => process.exit(0)));
