import {
  type AiImageService,
  type BulkImageResult,
  type BulkImageResultItem,
  estimateImageCost,
  formatImageCost,
  imageMessages,
  imageProviderLabels,
} from "@aurumwire/shared/ai-images";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import FormControlLabel from "@mui/material/FormControlLabel";
import LinearProgress from "@mui/material/LinearProgress";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import ListItemButton from "@mui/material/ListItemButton";
import ListItemText from "@mui/material/ListItemText";
import Radio from "@mui/material/Radio";
import RadioGroup from "@mui/material/RadioGroup";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import {
  useCancelImageBatch,
  useImageBatch,
  useImageBatches,
  useImageServiceStatus,
  useStartBulkImages,
} from "../../api/ai-images";
import { DalleSpend } from "../../components/dalle-spend";
import { formatArticleDate } from "../../lib/dates";
import { errorMessage } from "../../lib/error-text";

const itemLabels: Record<BulkImageResultItem["status"], string> = {
  pending: "Waiting",
  running: "Generating",
  succeeded: "Done",
  failed: "Failed",
  cancelled: "Cancelled",
};
const itemColors = {
  pending: "default",
  running: "info",
  succeeded: "success",
  failed: "error",
  cancelled: "warning",
} as const;

/** The articles of a batch with the state of each. */
function BatchResults(props: { results: BulkImageResultItem[] }) {
  return (
    <List dense sx={{ maxHeight: 320, overflow: "auto" }} aria-label="Articles in this batch">
      {props.results.map((item) => (
        <ListItem key={item.articleId} disableGutters sx={{ alignItems: "flex-start", gap: 1 }}>
          <Chip
            size="small"
            label={itemLabels[item.status]}
            color={itemColors[item.status]}
            sx={{ minWidth: 92, mt: 0.5 }}
          />
          <ListItemText
            primary={item.title}
            secondary={item.error}
            slotProps={{
              primary: { sx: { overflowWrap: "anywhere" } },
              secondary: { sx: { color: "error.main", overflowWrap: "anywhere" } },
            }}
          />
        </ListItem>
      ))}
    </List>
  );
}

function BatchProgress(props: { batchId: number }) {
  const batch = useImageBatch(props.batchId);
  const cancel = useCancelImageBatch();
  const data = batch.data;
  if (!data) {
    return batch.isError ? (
      <Alert severity="error">{errorMessage(batch.error, imageMessages.failed)}</Alert>
    ) : (
      <LinearProgress aria-label="Loading the batch" />
    );
  }
  const finished = data.results.filter(
    (item) => item.status !== "pending" && item.status !== "running",
  ).length;
  return (
    <Stack spacing={2}>
      <Box>
        <Typography variant="body2" sx={{ mb: 1 }}>
          {imageProviderLabels[data.provider]}: {finished} of {data.total} done · {data.successful}{" "}
          successful · {data.failed} failed · estimated cost {formatImageCost(data.estimatedCost)}
        </Typography>
        <LinearProgress
          variant="determinate"
          value={data.total ? (finished / data.total) * 100 : 100}
          aria-label="Batch progress"
        />
      </Box>
      {data.status === "running" ? (
        <Alert severity="info">
          The batch runs on the server: you can close this window and reopen it from 'Image
          batches'.
          {data.provider === "dalle" && " DALL-E images are paced to the per-minute limit."}
        </Alert>
      ) : (
        <Alert severity={data.status === "cancelled" || data.failed > 0 ? "warning" : "success"}>
          {data.status === "cancelled"
            ? "The batch was cancelled. Articles not started keep their images."
            : `Finished: ${data.successful} of ${data.total} articles have a new image.`}
        </Alert>
      )}
      <BatchResults results={data.results} />
      {data.status === "running" && (
        <Box>
          <Button
            color="warning"
            variant="outlined"
            disabled={cancel.isPending}
            onClick={() => cancel.mutate(data.batchId)}
          >
            Cancel batch
          </Button>
        </Box>
      )}
    </Stack>
  );
}

/**
 * 'Generate images' for the articles chosen in Articles Management: the service and the cost
 * estimate before it starts, then each article's progress. Also reopens earlier batches.
 */
export function BulkImagesDialog(props: {
  open: boolean;
  articleIds: number[];
  /** Opens the list of recent batches instead of a new one. */
  mode: "new" | "batches";
  onClose: () => void;
  onStarted: () => void;
}) {
  const stableDiffusion = useImageServiceStatus("stable-diffusion");
  const dalle = useImageServiceStatus("dalle");
  const start = useStartBulkImages();
  const batches = useImageBatches(props.open && props.mode === "batches");
  const [service, setService] = useState<AiImageService | "">("");
  const [batchId, setBatchId] = useState<number | null>(null);
  const [failed, setFailed] = useState<BulkImageResultItem[] | null>(null);
  const configured: AiImageService[] = [];
  if (stableDiffusion.data?.configured) configured.push("stable-diffusion");
  if (dalle.data?.configured) configured.push("dalle");
  const chosen = service || configured[0];
  const status = chosen === "dalle" ? dalle.data : stableDiffusion.data;
  const count = props.articleIds.length;
  const estimate = status ? estimateImageCost(count, status.costPerImage) : 0;
  const perMinute = dalle.data?.maxImagesPerMinute ?? 5;

  const close = () => {
    setBatchId(null);
    setFailed(null);
    start.reset();
    props.onClose();
  };

  const begin = async () => {
    if (!chosen) return;
    try {
      const result: BulkImageResult = await start.mutateAsync({
        service: chosen,
        articleIds: props.articleIds,
      });
      setBatchId(result.batchId);
      props.onStarted();
    } catch (caught) {
      // Spec point 8: a bulk failure marks every article failed, title 'Unknown', with the error.
      const text = errorMessage(caught, imageMessages.failedRetry);
      setFailed(
        props.articleIds.map((articleId) => ({
          articleId,
          title: "Unknown",
          success: false,
          status: "failed",
          error: text,
          imageUrl: null,
        })),
      );
    }
  };

  const checking = stableDiffusion.isPending || dalle.isPending;
  let body: React.ReactNode;
  if (batchId !== null) {
    body = <BatchProgress batchId={batchId} />;
  } else if (failed) {
    body = (
      <Stack spacing={2}>
        <Alert severity="error">No images were generated.</Alert>
        <BatchResults results={failed} />
      </Stack>
    );
  } else if (props.mode === "batches") {
    const list = batches.data?.batches ?? [];
    body = batches.isPending ? (
      <LinearProgress aria-label="Loading batches" />
    ) : list.length === 0 ? (
      <Typography color="text.secondary">No image batches yet.</Typography>
    ) : (
      <List aria-label="Recent image batches">
        {list.map((batch) => (
          <ListItemButton key={batch.batchId} onClick={() => setBatchId(batch.batchId)}>
            <ListItemText
              primary={`${imageProviderLabels[batch.provider]} · ${batch.total} articles · ${batch.status}`}
              secondary={`${formatArticleDate(batch.createdAt)} · ${batch.successful} successful, ${batch.failed} failed`}
            />
          </ListItemButton>
        ))}
      </List>
    );
  } else if (checking) {
    body = <LinearProgress aria-label="Checking the image services" />;
  } else if (configured.length === 0) {
    body = <Alert severity="info">{imageMessages.noService}</Alert>;
  } else {
    body = (
      <Stack spacing={2}>
        <Typography>
          {count} {count === 1 ? "article" : "articles"} selected. Each gets a new featured image;
          an article keeps its current image if its generation fails.
        </Typography>
        <RadioGroup
          value={chosen}
          onChange={(event) => setService(event.target.value as AiImageService)}
          aria-label="Image service"
        >
          {configured.map((value) => {
            const cost = value === "dalle" ? dalle.data?.costPerImage : 0;
            return (
              <FormControlLabel
                key={value}
                value={value}
                control={<Radio />}
                label={`${imageProviderLabels[value]} (${formatImageCost(cost ?? 0)}${cost ? " per image" : ""})`}
              />
            );
          })}
        </RadioGroup>
        <Alert severity={estimate > 0 ? "warning" : "info"}>
          Estimated cost: {formatImageCost(estimate)}
          {chosen === "dalle" &&
            count > perMinute &&
            ` · paced at ${perMinute} images a minute, about ${Math.ceil(count / perMinute)} minutes`}
        </Alert>
        {chosen === "dalle" && dalle.data && <DalleSpend status={dalle.data} />}
      </Stack>
    );
  }

  const showStart = batchId === null && !failed && props.mode === "new";
  return (
    <Dialog open={props.open} onClose={close} fullWidth maxWidth="sm">
      <DialogTitle>{props.mode === "batches" ? "Image batches" : "Generate images"}</DialogTitle>
      <DialogContent>{body}</DialogContent>
      <DialogActions>
        {props.mode === "batches" && batchId !== null && (
          <Button onClick={() => setBatchId(null)}>All batches</Button>
        )}
        <Button onClick={close}>{showStart ? "Cancel" : "Close"}</Button>
        {showStart && (
          <Button
            variant="contained"
            disabled={!chosen || count === 0 || start.isPending}
            onClick={begin}
          >
            {start.isPending
              ? "Starting..."
              : `Generate ${count} ${count === 1 ? "image" : "images"}`}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
