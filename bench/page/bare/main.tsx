import { StrictMode, useState } from "react";
import { createRoot } from "react-dom/client";

// The smallest React 19 page: the floor any React single-page app pays before its own code.
function App() {
  const [clicks, setClicks] = useState(0);
  return (
    <main>
      <h1>Live events worth showing up for</h1>
      <button type="button" onClick={() => setClicks(clicks + 1)}>
        Register ({clicks})
      </button>
    </main>
  );
}

const container = document.getElementById("root");
if (!container) throw new Error("index.html has no #root element");
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
