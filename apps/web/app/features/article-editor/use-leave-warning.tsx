import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import { useEffect, useRef } from "react";
import { useBlocker } from "react-router";

/**
 * Warns before unsaved work is lost: a dialog for navigation inside the app, the browser's own
 * prompt for closing the tab or reloading. `allowNextNavigation` lets a successful save move on.
 */
export function useLeaveWarning(dirty: boolean, onLeave?: () => void) {
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;
  const allowed = useRef(false);

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirtyRef.current && !allowed.current && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (allowed.current) return;
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => window.removeEventListener("beforeunload", onBeforeUnload);
  }, [dirty]);

  const dialog = (
    <Dialog open={blocker.state === "blocked"} onClose={() => blocker.reset?.()}>
      <DialogTitle>Leave without saving?</DialogTitle>
      <DialogContent>
        <DialogContentText>
          You have unsaved changes. If you leave this page now, they will be lost.
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => blocker.reset?.()} variant="contained">
          Stay
        </Button>
        <Button
          onClick={() => {
            onLeave?.();
            blocker.proceed?.();
          }}
          color="error"
        >
          Leave
        </Button>
      </DialogActions>
    </Dialog>
  );

  return {
    dialog,
    allowNextNavigation: () => {
      allowed.current = true;
    },
  };
}
