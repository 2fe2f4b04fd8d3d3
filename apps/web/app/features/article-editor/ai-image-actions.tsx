import {
  formatImageCost,
  type ImageProvider,
  imageMessages,
  imageProviderLabels,
} from "@aurumwire/shared/ai-images";
import AutoAwesomeIcon from "@mui/icons-material/AutoAwesome";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import LinearProgress from "@mui/material/LinearProgress";
import MenuItem from "@mui/material/MenuItem";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useEffect, useRef, useState } from "react";
import { useGenerateImage, useImageServiceStatus } from "../../api/ai-images";
import { DalleSpend } from "../../components/dalle-spend";
import { ApiError } from "../../lib/api-client";

/**
 * 'Generate AI' under the featured image picker. On mount it asks both AI image services whether
 * they are configured (spec point 4); generation is blocked when neither is, and the branded cover
 * (drawn by our server, named as not AI) is offered instead. Works only for a saved article.
 */
export function AiImageActions(props: {
  articleId: number | undefined;
  disabled: boolean;
  onGenerating: (active: boolean) => void;
  onGenerated: (url: string) => void;
}) {
  const stableDiffusion = useImageServiceStatus("stable-diffusion");
  const dalle = useImageServiceStatus("dalle");
  const generate = useGenerateImage(props.articleId);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const running = useRef<AbortController | null>(null);
  const checking = stableDiffusion.isPending || dalle.isPending;
  const options: { provider: ImageProvider; label: string }[] = [];
  if (stableDiffusion.data?.configured) {
    options.push({
      provider: "stable-diffusion",
      label: `${imageProviderLabels["stable-diffusion"]} (${formatImageCost(stableDiffusion.data.costPerImage)})`,
    });
  }
  if (dalle.data?.configured) {
    options.push({
      provider: "dalle",
      label: `${imageProviderLabels.dalle} (${formatImageCost(dalle.data.costPerImage)} per image)`,
    });
  }
  const anyAi = options.length > 0;
  const [provider, setProvider] = useState<ImageProvider | "">("");
  const chosen: ImageProvider | undefined = provider || options[0]?.provider || undefined;
  const { onGenerating } = props;
  useEffect(() => onGenerating(generate.isPending), [generate.isPending, onGenerating]);

  const run = async (which: ImageProvider) => {
    setError(null);
    setDone(null);
    if (props.articleId === undefined) {
      setError(imageMessages.saveFirst);
      return;
    }
    const controller = new AbortController();
    running.current = controller;
    try {
      const result = await generate.mutateAsync({ provider: which, signal: controller.signal });
      props.onGenerated(result.featuredImage);
      setDone(
        result.aiGenerated
          ? `New image from ${imageProviderLabels[result.provider]} (${formatImageCost(result.cost)}).`
          : "New branded cover drawn by our server (not AI, free).",
      );
    } catch (caught) {
      if (controller.signal.aborted) {
        setError("The image generation was cancelled. The article keeps its current image.");
      } else if (caught instanceof ApiError && caught.status > 0) {
        setError(caught.message || imageMessages.failed);
      } else {
        setError(imageMessages.failedRetry);
      }
    }
  };

  const busy = generate.isPending || props.disabled;
  return (
    <Box sx={{ mt: 2 }}>
      <Typography variant="subtitle2" component="h4" sx={{ mb: 1 }}>
        Generate an image
      </Typography>
      {checking ? (
        <Typography variant="body2" color="text.secondary">
          Checking the image services...
        </Typography>
      ) : (
        <Stack spacing={1}>
          {anyAi ? (
            // The picker sits in the editor's narrow side column: one control per line.
            <Stack spacing={1}>
              <TextField
                select
                size="small"
                label="Image service"
                value={chosen ?? ""}
                onChange={(event) => setProvider(event.target.value as ImageProvider)}
                fullWidth
                disabled={busy}
              >
                {options.map((option) => (
                  <MenuItem key={option.provider} value={option.provider}>
                    {option.label}
                  </MenuItem>
                ))}
              </TextField>
              <Button
                variant="contained"
                startIcon={<AutoAwesomeIcon />}
                disabled={busy}
                sx={{ alignSelf: "flex-start" }}
                onClick={() => chosen && run(chosen)}
              >
                Generate AI
              </Button>
            </Stack>
          ) : (
            <Alert severity="info">{imageMessages.noService}</Alert>
          )}
          <Box>
            <Button
              size="small"
              variant="outlined"
              disabled={busy}
              onClick={() => run("branded-cover")}
            >
              Draw branded cover (not AI)
            </Button>
          </Box>
          {props.articleId === undefined && (
            <Typography variant="caption" color="text.secondary">
              {imageMessages.saveFirstHint}
            </Typography>
          )}
          {dalle.data?.configured && <DalleSpend status={dalle.data} />}
        </Stack>
      )}
      {generate.isPending && (
        <Box sx={{ mt: 1 }}>
          <LinearProgress aria-label="Generating image" />
          <Stack direction="row" spacing={1} sx={{ alignItems: "center", mt: 0.5 }}>
            <Typography variant="caption" color="text.secondary" sx={{ flex: 1 }}>
              Generating image... this can take up to a minute and a half.
            </Typography>
            <Button size="small" onClick={() => running.current?.abort()}>
              Cancel
            </Button>
          </Stack>
        </Box>
      )}
      {error && (
        <Alert severity="error" sx={{ mt: 1 }} onClose={() => setError(null)}>
          {error}
        </Alert>
      )}
      {done && (
        <Alert severity="success" sx={{ mt: 1 }} onClose={() => setDone(null)}>
          {done}
        </Alert>
      )}
    </Box>
  );
}
