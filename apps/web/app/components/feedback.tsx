import Alert from "@mui/material/Alert";
import Snackbar from "@mui/material/Snackbar";
import { useCallback, useState } from "react";

/**
 * How a part of a screen says what happened: the screen's `useFeedback().show`, handed down, so the
 * screen shows one snackbar for all its parts.
 */
export type Notify = (severity: "success" | "error", text: string) => void;

type Feedback = { severity: "success" | "error" | "info"; text: string; key: number };

/** Success and error messages of spec point 8 as a snackbar; one at a time, newest wins. */
export function useFeedback() {
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const show = useCallback((severity: Feedback["severity"], text: string) => {
    setFeedback({ severity, text, key: Date.now() });
  }, []);
  const element = (
    <Snackbar
      key={feedback?.key}
      open={!!feedback}
      autoHideDuration={feedback?.severity === "error" ? 8000 : 4000}
      onClose={(_event, reason) => {
        if (reason !== "clickaway") setFeedback(null);
      }}
      anchorOrigin={{ vertical: "bottom", horizontal: "right" }}
    >
      {feedback ? (
        <Alert
          severity={feedback.severity}
          variant="filled"
          onClose={() => setFeedback(null)}
          sx={{ width: "100%" }}
        >
          {feedback.text}
        </Alert>
      ) : undefined}
    </Snackbar>
  );
  return { show, element };
}
