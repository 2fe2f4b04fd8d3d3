import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import { lazy, Suspense, useEffect, useState } from "react";
import type { QuillEditorProps } from "./quill-editor.client";

/**
 * Quill's code. The dashboard fetches it at idle before the editor is first opened (decision 301),
 * so opening the editor does not wait for it.
 */
export const loadQuillEditor = () => import("./quill-editor.client");

const QuillEditor = lazy(loadQuillEditor);

/** Spec point 9: the editor component's own default height; the article form asks for 600. */
export const defaultEditorHeight = 500;

/**
 * The rich-text editor, loaded only in the browser (Quill needs `document`) and only when a page
 * shows it, so neither the server render nor other pages pay for it.
 */
export function RichTextEditor(props: Omit<QuillEditorProps, "height"> & { height?: number }) {
  const height = props.height ?? defaultEditorHeight;
  const [inBrowser, setInBrowser] = useState(false);
  useEffect(() => setInBrowser(true), []);
  const placeholder = (
    <Box
      sx={{
        height: height + 44,
        border: 1,
        borderColor: "divider",
        borderRadius: 2,
        display: "grid",
        placeItems: "center",
        mb: 1,
      }}
    >
      <Typography color="text.secondary">Loading editor...</Typography>
    </Box>
  );
  if (!inBrowser) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <QuillEditor {...props} height={height} />
    </Suspense>
  );
}
