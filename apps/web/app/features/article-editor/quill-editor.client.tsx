import { intervals } from "@aurumwire/shared/limits";
import { acceptedImageTypes } from "@aurumwire/shared/media";
import { readableTextColor, toVideoEmbedUrl } from "@aurumwire/shared/rich-text";
import Box from "@mui/material/Box";
import hljs from "highlight.js/lib/common";
import { useEffect, useMemo, useRef } from "react";
import "highlight.js/styles/github-dark.css";
import type VideoFormat from "quill/formats/video";
import ReactQuill, { Quill } from "react-quill-new";
import "react-quill-new/dist/quill.snow.css";
import {
  editorFormats,
  editorToolbar,
  imageEmbedPattern,
  linkProtocols,
  namePickers,
  normalizeEditorHtml,
} from "./quill-config";

/** Quill touches `document` when it loads, so this module is only ever imported in the browser. */

let formatsConfigured = false;
function configureFormats() {
  if (formatsConfigured) return;
  formatsConfigured = true;
  const Link = Quill.import("formats/link") as { PROTOCOL_WHITELIST: string[] };
  Link.PROTOCOL_WHITELIST = linkProtocols;
  const Image = Quill.import("formats/image") as { sanitize: (url: string) => string };
  const sanitizeImage = Image.sanitize.bind(Image);
  Image.sanitize = (url: string) => (imageEmbedPattern.test(url) ? sanitizeImage(url) : "//:0");

  // Video embeds as the server keeps them (decision 134): only YouTube and Vimeo players, and
  // saved as the iframe itself (Quill's own semantic HTML writes a bare link instead).
  const Video = Quill.import("formats/video") as typeof VideoFormat;
  class VideoEmbed extends Video {
    static override sanitize(url: string) {
      return toVideoEmbedUrl(url) ?? "about:blank";
    }
    override html() {
      const src = String(this.domNode.getAttribute("src") ?? "").replace(/"/g, "&quot;");
      return `<iframe class="ql-video" src="${src}" frameborder="0" allowfullscreen="true"></iframe>`;
    }
  }
  Quill.register("formats/video", VideoEmbed, true);
}

export type QuillEditorProps = {
  /** The HTML the editor starts from; later changes come from the user (remount to replace). */
  initialHtml: string;
  onChange: (html: string, fromUser: boolean) => void;
  /** Uploads a picture chosen with the toolbar's image button and answers its URL. */
  uploadImage: (file: File) => Promise<string>;
  onImageError: (message: string) => void;
  placeholder: string;
  height: number;
  invalid?: boolean;
  labelledBy?: string;
};

export default function QuillEditor(props: QuillEditorProps) {
  configureFormats();
  const quillRef = useRef<ReactQuill>(null);
  // Handlers are fixed when Quill is created; read the latest callbacks through a ref.
  const latest = useRef(props);
  latest.current = props;

  const modules = useMemo(
    () => ({
      toolbar: {
        container: editorToolbar,
        handlers: {
          // A background colour brings a text colour that reads on it (decision 134); the server
          // applies the same rule on save.
          background(this: { quill: Quill }, value: string | false) {
            this.quill.format("background", value, "user");
            const readable = value ? readableTextColor(value) : null;
            if (readable) this.quill.format("color", readable, "user");
          },
          image() {
            const input = document.createElement("input");
            input.type = "file";
            input.accept = Object.keys(acceptedImageTypes).join(",");
            input.onchange = async () => {
              const file = input.files?.[0];
              const editor = quillRef.current?.getEditor();
              if (!file || !editor) return;
              try {
                const url = await latest.current.uploadImage(file);
                const range = editor.getSelection(true);
                editor.insertEmbed(range.index, "image", url, "user");
                editor.setSelection(range.index + 1, 0, "user");
              } catch {
                latest.current.onImageError("Failed to upload image. Please try again.");
              }
            };
            input.click();
          },
        },
      },
      // Code blocks with syntax highlighting (spec point 9: every 1000 ms while typing).
      syntax: { hljs, interval: intervals.syntaxHighlightMs },
    }),
    [],
  );

  useEffect(() => {
    const editor = quillRef.current?.getEditor();
    const toolbar = (editor?.getModule("toolbar") as { container?: HTMLElement } | undefined)
      ?.container;
    if (toolbar) namePickers(toolbar);
  }, []);

  useEffect(() => {
    const root = quillRef.current?.getEditor().root;
    if (!root) return;
    root.setAttribute("role", "textbox");
    root.setAttribute("aria-multiline", "true");
    if (props.labelledBy) root.setAttribute("aria-labelledby", props.labelledBy);
    if (props.invalid) root.setAttribute("aria-invalid", "true");
    else root.removeAttribute("aria-invalid");
  }, [props.labelledBy, props.invalid]);

  return (
    <Box
      sx={(theme) => ({
        mb: 1,
        "& .ql-toolbar.ql-snow, & .ql-container.ql-snow": {
          borderColor: props.invalid ? theme.palette.error.main : theme.palette.divider,
        },
        "& .ql-toolbar.ql-snow": {
          borderTopLeftRadius: 8,
          borderTopRightRadius: 8,
          bgcolor: "background.paper",
          position: "sticky",
          top: 0,
          zIndex: 2,
        },
        "& .ql-container.ql-snow": {
          height: props.height,
          fontSize: 16,
          borderBottomLeftRadius: 8,
          borderBottomRightRadius: 8,
        },
        "& .ql-editor": { lineHeight: 1.7 },
        "& .ql-editor.ql-blank::before": {
          color: theme.palette.text.secondary,
          fontStyle: "normal",
        },
        "& .ql-editor .ql-video": { width: "100%", height: 400 },
        "& .ql-editor img": { maxWidth: "100%", height: "auto" },
        "& .ql-snow .ql-stroke": { stroke: theme.palette.text.secondary },
        "& .ql-snow .ql-fill": { fill: theme.palette.text.secondary },
        "& .ql-snow .ql-picker": { color: theme.palette.text.secondary },
        "& .ql-snow .ql-picker-options": { bgcolor: "background.paper" },
        "& .ql-snow button:hover .ql-stroke, & .ql-snow button.ql-active .ql-stroke": {
          stroke: theme.palette.primary.main,
        },
        "& .ql-snow button:hover .ql-fill, & .ql-snow button.ql-active .ql-fill": {
          fill: theme.palette.primary.main,
        },
        "& .ql-snow .ql-picker-label:hover, & .ql-snow .ql-picker-label.ql-active": {
          color: theme.palette.primary.main,
        },
        "& .ql-snow .ql-tooltip": {
          bgcolor: "background.paper",
          color: "text.primary",
          borderColor: theme.palette.divider,
          boxShadow: 4,
          zIndex: 3,
        },
        "& .ql-snow .ql-tooltip input[type=text]": {
          bgcolor: "background.default",
          color: "text.primary",
          borderColor: theme.palette.divider,
        },
        "& .ql-snow a": { color: theme.palette.primary.main },
        "& .ql-snow .ql-editor pre.ql-syntax, & .ql-snow .ql-editor .ql-code-block-container": {
          bgcolor: "#1e1e24",
          color: "#f5f5f5",
        },
      })}
    >
      <ReactQuill
        ref={quillRef}
        theme="snow"
        defaultValue={props.initialHtml}
        onChange={(value, _delta, source) =>
          latest.current.onChange(normalizeEditorHtml(value), source === "user")
        }
        modules={modules}
        formats={editorFormats}
        placeholder={props.placeholder}
      />
    </Box>
  );
}
