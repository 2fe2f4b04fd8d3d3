import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";

// No emotion cache set up here: its default one (key "css", as entry.server's) picks up the styles
// of the server render when a part using MUI loads, and public pages without one load no emotion.
startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
