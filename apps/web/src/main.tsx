import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./App";
import "./ui/base.css";

const container = document.getElementById("root");
if (!container) throw new Error("index.html has no #root element");

// createRoot, not hydrateRoot: the server's no-JS preview inside #root is simply replaced.
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
