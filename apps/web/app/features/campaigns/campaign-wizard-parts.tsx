import type { CampaignCategory } from "@aurumwire/shared/campaigns";
import { campaignDefaults } from "@aurumwire/shared/campaigns";
import type { IntegrationStatus } from "@aurumwire/shared/partners";
import AccountBalanceIcon from "@mui/icons-material/AccountBalance";
import CurrencyBitcoinIcon from "@mui/icons-material/CurrencyBitcoin";
import EmojiEmotionsIcon from "@mui/icons-material/EmojiEmotions";
import PaletteIcon from "@mui/icons-material/Palette";
import SchoolIcon from "@mui/icons-material/School";
import ShowChartIcon from "@mui/icons-material/ShowChart";
import Alert from "@mui/material/Alert";
import type { ReactNode } from "react";

export const categoryIcons: Record<CampaignCategory, ReactNode> = {
  defi: <AccountBalanceIcon />,
  nft: <PaletteIcon />,
  meme: <EmojiEmotionsIcon />,
  altcoin: <ShowChartIcon />,
  bitcoin: <CurrencyBitcoinIcon />,
  general: <SchoolIcon />,
};

/** Spec point 3: anything other than premium or enhanced is shown as standard. */
export function complianceLabel(level: string) {
  return level === "premium" || level === "enhanced" ? level : "standard";
}
export const complianceColor = {
  premium: "warning",
  enhanced: "info",
  standard: "default",
} as const;

export function firstWithMore(items: string[], shown: number) {
  const rest = items.length - shown;
  return `${items.slice(0, shown).join(", ")}${rest > 0 ? ` +${rest}` : ""}`;
}

export type DetailsValues = {
  name: string;
  description: string;
  budget: string;
  startDate: string;
  endDate: string;
  postingFrequency: string;
  riskLevel: string;
  partnerEnabled: boolean;
  hashtags: string;
  messageToPortray: string;
  contentType: string;
  tone: string;
  targetLength: string;
};

const dayInput = (date: Date) => date.toISOString().slice(0, 10);

export function defaultValues(): DetailsValues {
  const start = new Date();
  const end = new Date(start.getTime() + campaignDefaults.lengthDays * 86_400_000);
  return {
    name: "",
    description: "",
    budget: String(campaignDefaults.budget),
    startDate: dayInput(start),
    endDate: dayInput(end),
    postingFrequency: campaignDefaults.postingFrequency,
    riskLevel: campaignDefaults.riskLevel,
    partnerEnabled: true,
    hashtags: "",
    messageToPortray: "",
    contentType: campaignDefaults.aiContent.contentType,
    tone: campaignDefaults.aiContent.tone,
    targetLength: campaignDefaults.aiContent.targetLength,
  };
}

/** A date field's day as an ISO date-time (spec point 5: dates are sent as ISO strings). */
export function isoDay(value: string): string | null {
  if (!value) return null;
  const date = new Date(`${value}T00:00:00`);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

export function IntegrationBanner({
  status,
  ruleText,
}: {
  status: IntegrationStatus | undefined;
  ruleText: string;
}) {
  if (!status) return null;
  if (!status.integration.configured) {
    return (
      <Alert severity="warning">
        Partner integration is not configured. Configure the partner credentials, and check the API
        credentials in settings (Partner connections below). Campaigns can still be created as
        drafts.
      </Alert>
    );
  }
  return (
    <Alert severity={status.integration.connected ? "success" : "info"}>
      Articles are syndicated to {status.integration.partner?.name}. {ruleText}
    </Alert>
  );
}
