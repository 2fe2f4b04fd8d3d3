import type { PartnerPushView } from "@aurumwire/shared/partners";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Link from "@mui/material/Link";
import TableCell from "@mui/material/TableCell";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { usePushAction } from "../../api/campaigns";
import { ConfirmDialog } from "../../components/confirm-dialog";
import type { ManagementColumn } from "../../components/management-table";
import { formatDateTime } from "../../lib/dates";
import { errorMessage } from "../../lib/error-text";

/** One push of the ledger as the campaign page and the Syndication log show it (decision 173). */

export const pushColor = {
  held: "default",
  queued: "info",
  sending: "info",
  sent: "success",
  failed: "error",
  cancelled: "default",
} as const;

export const pushLabel: Record<PartnerPushView["status"], string> = {
  held: "Waiting for launch",
  queued: "Queued",
  sending: "Sending",
  sent: "Sent",
  failed: "Failed",
  cancelled: "Cancelled",
};

/** What Withdraw does on each platform (the adapters' withdraw), as the confirmation says it. */
export const withdrawEffect: Record<PartnerPushView["partnerKind"], (partner: string) => string> = {
  wordpress: (partner) =>
    `is moved to the trash on ${partner}: gone from its site, and its editors can still restore it.`,
  ghost: (partner) =>
    `is unpublished on ${partner}: gone from its site, and kept there as a draft for its editors.`,
  webhook: (partner) =>
    `is withdrawn from ${partner}: an article.withdrawn message is sent to its receiver, which takes the story down on its side.`,
};

export function PushState({ push }: { push: PartnerPushView }) {
  return (
    <Box sx={{ display: "flex", gap: 0.5, flexWrap: "wrap" }}>
      <Chip
        size="small"
        label={
          push.action === "withdraw" && push.status === "sent"
            ? "Withdrawn"
            : pushLabel[push.status]
        }
        color={
          push.action === "withdraw" && push.status === "sent" ? "warning" : pushColor[push.status]
        }
      />
      {push.action === "update" && <Chip size="small" label="update" variant="outlined" />}
    </Box>
  );
}

export function PushDetail({ push }: { push: PartnerPushView }) {
  if (push.action === "withdraw") {
    return (
      <Typography variant="body2" color={push.status === "failed" ? "error.main" : undefined}>
        {push.error ?? `Withdrawn ${formatDateTime(push.sentAt)}`}
      </Typography>
    );
  }
  if (push.status === "sent") {
    return push.remoteUrl ? (
      <Link href={push.remoteUrl} target="_blank" rel="noopener">
        View on {push.partnerName}
      </Link>
    ) : (
      <span>Delivered {formatDateTime(push.sentAt)}</span>
    );
  }
  if (push.status === "queued") {
    return (
      <span>
        Goes out {formatDateTime(push.slotAt)}
        {push.error ? ` (last try: ${push.error})` : ""}
      </span>
    );
  }
  if (push.status === "failed")
    return (
      <Typography color="error.main" variant="body2">
        {push.error}
      </Typography>
    );
  if (push.status === "held") return <span>Sent after launch, within the compliance rule</span>;
  return <span>-</span>;
}

/** The headers of the cells every push row starts with (PushCells). */
export const pushColumns: ManagementColumn[] = [
  { label: "Article" },
  { label: "Partner" },
  { label: "State" },
  { label: "Details" },
];

/**
 * The cells every push row starts with (Article, Partner, State, Details); each table sets how wide
 * the article and the details may grow beside its other columns.
 */
export function PushCells({
  push,
  articleWidth,
  detailWidth,
}: {
  push: PartnerPushView;
  articleWidth: number;
  detailWidth: number;
}) {
  return (
    <>
      <TableCell sx={{ maxWidth: articleWidth }}>{push.articleTitle}</TableCell>
      <TableCell>{push.partnerName}</TableCell>
      <TableCell>
        <PushState push={push} />
      </TableCell>
      <TableCell sx={{ maxWidth: detailWidth, overflowWrap: "anywhere" }}>
        <PushDetail push={push} />
      </TableCell>
    </>
  );
}

/** Retry, Send again as new, Withdraw: what the push allows, each answered in the feedback. */
export function PushActions(props: {
  push: PartnerPushView;
  base: string;
  onDone: (severity: "success" | "error", message: string) => void;
}) {
  const { push, base, onDone } = props;
  const action = usePushAction(base);
  const [withdrawing, setWithdrawing] = useState(false);
  const run = async (name: "retry" | "send-as-new" | "withdraw") => {
    try {
      const result = await action.mutateAsync({ id: push.id, action: name });
      onDone(
        result.status === "failed" ? "error" : "success",
        result.status === "failed"
          ? (result.error ?? "It failed again")
          : name === "withdraw"
            ? `"${push.articleTitle}" withdrawn from ${push.partnerName}`
            : `"${push.articleTitle}" ${result.status === "sent" ? "sent" : "queued"} to ${push.partnerName}`,
      );
    } catch (caught) {
      onDone("error", errorMessage(caught, "The partner action failed"));
    }
  };
  if (!push.canRetry && !push.canSendAsNew && !push.canWithdraw) return null;
  return (
    <Box sx={{ display: "flex", gap: 0.5, flexWrap: "wrap" }}>
      {push.canRetry && (
        <Button
          size="small"
          variant="outlined"
          disabled={action.isPending}
          onClick={() => run("retry")}
        >
          Retry
        </Button>
      )}
      {push.canSendAsNew && (
        <Button
          size="small"
          variant="outlined"
          disabled={action.isPending}
          onClick={() => run("send-as-new")}
        >
          Send Again as New
        </Button>
      )}
      {push.canWithdraw && (
        <Button
          size="small"
          color="error"
          disabled={action.isPending}
          onClick={() => setWithdrawing(true)}
        >
          Withdraw
        </Button>
      )}
      <ConfirmDialog
        open={withdrawing}
        title="Withdraw from the partner?"
        message={`"${push.articleTitle}" ${withdrawEffect[push.partnerKind](push.partnerName)}`}
        confirmLabel="Withdraw"
        busy={action.isPending}
        onCancel={() => setWithdrawing(false)}
        onConfirm={async () => {
          setWithdrawing(false);
          await run("withdraw");
        }}
      />
    </Box>
  );
}
