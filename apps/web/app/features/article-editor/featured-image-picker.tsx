import { limits } from "@aurumwire/shared/limits";
import { acceptedImageTypes, featuredImageMaxBytes } from "@aurumwire/shared/media";
import CloudUploadIcon from "@mui/icons-material/CloudUpload";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import LinearProgress from "@mui/material/LinearProgress";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { type FileRejection, useDropzone } from "react-dropzone";
import { uploadArticleImage } from "../../api/uploads";
import { ApiError } from "../../lib/api-client";
import { AiImageActions } from "./ai-image-actions";

const { width, height } = limits.featuredImageRecommended;

/**
 * The featured image picker (spec points 2, 4, 5): drop or click to choose one JPEG, PNG, GIF or
 * WebP of at most 10 MiB; it is uploaded to the server, which stores a 1200x600 cover.
 * States: empty, uploading (dropping disabled), then an error or the new image. For a saved article
 * it also generates one (Stable Diffusion, DALL-E 3, or the branded cover drawn by our server).
 */
export function FeaturedImagePicker(props: {
  value: string | null;
  onChange: (url: string | null) => void;
  label?: string;
  /** The saved article's id; AI generation works only for a saved article (spec point 4). */
  articleId?: number;
  /** A generated image, already saved on the article by the server. */
  onGenerated?: (url: string) => void;
  /** Only an upload, no AI generation (a live update's image). */
  uploadOnly?: boolean;
}) {
  const [uploading, setUploading] = useState(false);
  const [generating, setGenerating] = useState(false);
  const busy = uploading || generating;
  const [error, setError] = useState<string | null>(null);

  const onDrop = async (accepted: File[], rejected: FileRejection[]) => {
    if (rejected.length > 0) {
      setError(rejected[0].errors.map((problem) => problem.message).join(" "));
      return;
    }
    const file = accepted[0];
    if (!file) return;
    setError(null);
    setUploading(true);
    try {
      const uploaded = await uploadArticleImage(file, "cover");
      props.onChange(uploaded.url);
    } catch (caught) {
      const reason = caught instanceof ApiError && caught.status < 500 ? ` ${caught.message}` : "";
      setError(`Failed to upload image. Please try again.${reason}`);
    } finally {
      setUploading(false);
    }
  };

  const { getRootProps, getInputProps, isDragActive, open } = useDropzone({
    onDrop,
    accept: Object.fromEntries(
      Object.entries(acceptedImageTypes).map(([type, extensions]) => [type, [...extensions]]),
    ),
    maxSize: featuredImageMaxBytes,
    maxFiles: 1,
    multiple: false,
    disabled: busy,
  });

  const remove = () => {
    props.onChange(null);
    setError(null);
  };

  return (
    <Box>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, mb: 1 }}>
        {props.label ?? "Featured Image"}
      </Typography>
      <input {...getInputProps()} aria-label="Featured image file" />
      {props.value ? (
        <Box>
          <Box
            component="img"
            src={props.value}
            alt="Featured"
            sx={{
              width: "100%",
              aspectRatio: `${width} / ${height}`,
              objectFit: "cover",
              borderRadius: 2,
              border: 1,
              borderColor: "divider",
              display: "block",
            }}
          />
          <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
            <Button
              size="small"
              variant="outlined"
              disabled={busy}
              onClick={() => {
                // 'Change' clears the image and offers the file dialog for the next one.
                props.onChange(null);
                setError(null);
                open();
              }}
            >
              Change
            </Button>
            <Button size="small" color="error" disabled={busy} onClick={remove}>
              Remove
            </Button>
          </Stack>
        </Box>
      ) : (
        <Box
          {...getRootProps()}
          role="button"
          aria-label="Choose a featured image"
          aria-disabled={busy}
          sx={{
            border: 2,
            borderStyle: "dashed",
            borderColor: isDragActive ? "primary.main" : "divider",
            borderRadius: 2,
            p: 3,
            textAlign: "center",
            cursor: busy ? "progress" : "pointer",
            bgcolor: isDragActive ? "action.hover" : "transparent",
            opacity: busy ? 0.6 : 1,
          }}
        >
          <CloudUploadIcon sx={{ fontSize: 40, color: "text.secondary" }} />
          <Typography>
            {isDragActive ? "Drop the image here" : "Drag & drop an image here, or click to choose"}
          </Typography>
          <Typography variant="caption" color="text.secondary" component="p">
            JPEG, PNG, GIF or WebP, up to 10 MB. Recommended size {width}x{height}.
          </Typography>
        </Box>
      )}
      {uploading && (
        <Box sx={{ mt: 1 }}>
          <LinearProgress aria-label="Uploading image" />
          <Typography variant="caption" color="text.secondary">
            Uploading...
          </Typography>
        </Box>
      )}
      {error && (
        <Alert severity="error" sx={{ mt: 1 }} onClose={() => setError(null)}>
          {error}
        </Alert>
      )}
      {!props.uploadOnly && (
        <AiImageActions
          articleId={props.articleId}
          disabled={uploading}
          onGenerating={(active) => {
            setGenerating(active);
            if (active) setError(null);
          }}
          onGenerated={(url) => (props.onGenerated ?? props.onChange)(url)}
        />
      )}
    </Box>
  );
}
