import { z } from "zod";
import { databaseId } from "./database-id";

/** Media campaigns (spec points 2-5 and 9; decision 113). */

export const campaignCategories = ["defi", "nft", "meme", "altcoin", "bitcoin", "general"] as const;
export type CampaignCategory = (typeof campaignCategories)[number];

export interface CampaignTemplate {
  id: string;
  name: string;
  description: string;
  category: CampaignCategory;
  platforms: string[];
  duration: string;
  estimatedReach: number;
  contentTypes: string[];
  features: string[];
  complianceLevel: "premium" | "enhanced" | "standard";
}

/** The special template id of spec point 3: `{product}_media_ai`. */
export function mediaAiTemplateId(product: string): string {
  return `${product}_media_ai`;
}

/** Spec point 3: the six templates, reach 25000 to 75000. */
export function campaignTemplates(product: string, siteName: string): CampaignTemplate[] {
  return [
    {
      id: "defi_launch",
      name: "DeFi Protocol Launch",
      description:
        "Introduce a new DeFi protocol with explainers, yield analysis and audit coverage.",
      category: "defi",
      platforms: [siteName, "Partner news network", "X (Twitter)", "Telegram", "Discord"],
      duration: "30 days",
      estimatedReach: 50000,
      contentTypes: ["Protocol explainer", "Yield analysis", "Security audit summary"],
      features: ["Partner syndication", "Risk disclaimers", "Audit highlights", "AMA coverage"],
      complianceLevel: "premium",
    },
    {
      id: "nft_collection",
      name: "NFT Collection Drop",
      description: "Build anticipation for an NFT collection with artist features and mint guides.",
      category: "nft",
      platforms: [siteName, "Partner news network", "X (Twitter)", "Discord"],
      duration: "21 days",
      estimatedReach: 35000,
      contentTypes: ["Artist feature", "Mint guide", "Collection review"],
      features: ["Partner syndication", "Creator interviews", "Mint-day coverage"],
      complianceLevel: "enhanced",
    },
    {
      id: "altcoin_awareness",
      name: "Altcoin Awareness",
      description: "Explain an altcoin's technology, team and market to a wider audience.",
      category: "altcoin",
      platforms: [siteName, "Partner news network", "Reddit", "Telegram"],
      duration: "30 days",
      estimatedReach: 40000,
      contentTypes: ["Technology deep dive", "Market analysis", "Team profile"],
      features: ["Partner syndication", "Technical analysis", "Risk disclaimers"],
      complianceLevel: "standard",
    },
    {
      id: "bitcoin_institutional",
      name: "Bitcoin Institutional",
      description: "Reach institutional readers with research-grade Bitcoin coverage.",
      category: "bitcoin",
      platforms: [siteName, "Partner news network", "LinkedIn", "Newsletter", "X (Twitter)"],
      duration: "60 days",
      estimatedReach: 75000,
      contentTypes: ["Research report", "Macro analysis", "Treasury case study"],
      features: [
        "Partner syndication",
        "Research citations",
        "Compliance review",
        "Executive summaries",
      ],
      complianceLevel: "premium",
    },
    {
      id: mediaAiTemplateId(product),
      name: `${siteName} Media AI Campaign`,
      description:
        "Drafts written by the AI writer from your message, reviewed by an editor before they go out.",
      category: "meme",
      platforms: [siteName, "Partner news network", "X (Twitter)", "TikTok", "Telegram"],
      duration: "30 days",
      estimatedReach: 60000,
      contentTypes: ["AI-drafted article", "Social posts", "Community update"],
      features: ["AI drafts", "Editor review", "Partner syndication", "Tone control"],
      complianceLevel: "enhanced",
    },
    {
      id: "crypto_education",
      name: "Crypto Education Series",
      description: "A series of plain-language guides for newcomers to crypto.",
      category: "general",
      platforms: [siteName, "Partner news network", "YouTube", "Newsletter"],
      duration: "45 days",
      estimatedReach: 25000,
      contentTypes: ["Beginner guide", "Glossary", "Safety checklist"],
      features: ["Partner syndication", "Beginner friendly", "Risk disclaimers"],
      complianceLevel: "standard",
    },
  ];
}

/** Spec point 3: demographics per category; interests as the spec shows for defi and bitcoin. */
export const defaultAudiences: Record<
  CampaignCategory,
  { demographics: string[]; interests: string[] }
> = {
  defi: {
    demographics: [
      "tech-savvy investors",
      "DeFi enthusiasts",
      "yield farmers",
      "protocol developers",
    ],
    interests: ["Decentralized Finance", "Yield Farming", "Liquidity Provision", "Smart Contracts"],
  },
  nft: {
    demographics: ["digital art collectors", "gaming enthusiasts", "creators", "early adopters"],
    interests: ["Digital Art", "Collectibles", "Blockchain Gaming", "Creator Economy"],
  },
  meme: {
    demographics: [
      "social media users",
      "community builders",
      "young investors",
      "viral content creators",
    ],
    interests: ["Meme Coins", "Online Communities", "Social Trading", "Viral Trends"],
  },
  altcoin: {
    demographics: [
      "alt investors",
      "technical analysts",
      "risk-tolerant traders",
      "innovation seekers",
    ],
    interests: ["Emerging Blockchains", "Technical Analysis", "Tokenomics", "Layer 2 Scaling"],
  },
  bitcoin: {
    demographics: [
      "institutional investors",
      "long-term holders",
      "corporate treasurers",
      "conservative investors",
    ],
    interests: ["Store of Value", "Digital Gold", "Institutional Adoption", "Macro Economics"],
  },
  general: {
    demographics: [
      "crypto beginners",
      "general public",
      "education seekers",
      "mainstream audience",
    ],
    interests: ["Crypto Basics", "Personal Finance", "Wallet Security", "Blockchain Technology"],
  },
};

export const aiContentTypes = ["meme", "token", "general"] as const;
export const aiTones = ["viral", "casual", "professional", "educational"] as const;
export const aiLengths = ["short", "medium", "long"] as const;
/** Spec point 9: campaign AI lengths in words. */
export const aiLengthWords: Record<(typeof aiLengths)[number], [number, number]> = {
  short: [300, 500],
  medium: [500, 800],
  long: [800, 1200],
};
export const riskLevels = ["low", "medium", "high"] as const;
export const postingFrequencies = ["daily", "every-other-day", "weekly"] as const;

/** Spec point 9. */
export const campaignDefaults = {
  lengthDays: 30,
  budget: 5000,
  allocation: { content: 60, promotion: 30, analytics: 10 },
  aiContent: { contentType: "meme", tone: "viral", targetLength: "medium" },
  riskLevel: "medium",
  postingFrequency: "daily",
} as const;

export const defaultDisclaimers = [
  "This is not financial advice. Do your own research (DYOR).",
  "Cryptocurrency investments are volatile and carry risk.",
];

/** Spec point 5: budget parsed as an integer; anything non-numeric becomes 0. */
export function parseBudget(value: string | number | null | undefined): number {
  const parsed = Number.parseInt(String(value ?? ""), 10);
  return Number.isFinite(parsed) && parsed > 0 ? parsed : 0;
}

const words = (max: number) => z.array(z.string().trim().min(1).max(100)).max(max).default([]);

export const campaignDraftSchema = z
  .object({
    name: z
      .string({ error: "Campaign name is required" })
      .trim()
      .min(1, "Campaign name is required")
      .max(200, "Campaign name must be at most 200 characters"),
    description: z
      .string()
      .trim()
      .max(2000, "Description must be at most 2000 characters")
      .default(""),
    template: z
      .string({ error: "Please choose a campaign template" })
      .min(1, "Please choose a campaign template"),
    budget: z
      .object({
        amount: z.coerce
          .number({ error: "Budget must be a number" })
          .int("Budget must be a whole number of dollars")
          .min(0, "Budget cannot be negative")
          .max(100_000_000, "Budget must be at most 100000000"),
        allocation: z
          .object({
            content: z.number().min(0).max(100),
            promotion: z.number().min(0).max(100),
            analytics: z.number().min(0).max(100),
          })
          .default(campaignDefaults.allocation),
      })
      .default({ amount: 0, allocation: campaignDefaults.allocation }),
    schedule: z
      .object({
        startDate: z.iso
          .datetime({ error: "Start date must be an ISO date-time", offset: true })
          .nullish(),
        endDate: z.iso
          .datetime({ error: "End date must be an ISO date-time", offset: true })
          .nullish(),
        postingFrequency: z.string().max(40).default(campaignDefaults.postingFrequency),
      })
      .default({ postingFrequency: campaignDefaults.postingFrequency }),
    targetAudience: z
      .object({ demographics: words(20), interests: words(20), platforms: words(20) })
      .default({ demographics: [], interests: [], platforms: [] }),
    compliance: z
      .looseObject({
        riskLevel: z
          .enum(riskLevels, { error: "Risk level must be low, medium or high" })
          .default("medium"),
        disclaimers: z.array(z.string().max(500)).max(10).default([]),
      })
      .default({ riskLevel: "medium", disclaimers: [] }),
    content: z
      .object({
        articles: z
          .array(databaseId("Article ids must be positive whole numbers"))
          .max(50, "A campaign holds at most 50 articles")
          .default([]),
        contentThemes: words(20),
        hashtags: words(30),
        aiContent: z
          .object({
            messageToPortray: z
              .string()
              .trim()
              .max(2000, "The message must be at most 2000 characters")
              .default(""),
            contentType: z.enum(aiContentTypes).default("meme"),
            tone: z.enum(aiTones).default("viral"),
            targetLength: z.enum(aiLengths).default("medium"),
          })
          .default({
            messageToPortray: "",
            contentType: "meme",
            tone: "viral",
            targetLength: "medium",
          }),
      })
      .default({
        articles: [],
        contentThemes: [],
        hashtags: [],
        aiContent: {
          messageToPortray: "",
          contentType: "meme",
          tone: "viral",
          targetLength: "medium",
        },
      }),
    /**
     * The partners this campaign goes to, each under its own compliance rule (issue 28); empty:
     * the default partner.
     */
    partnerIds: z
      .array(databaseId("Partner ids must be positive whole numbers"))
      .max(10, "A campaign goes to at most 10 partners")
      .default([]),
    status: z.literal("draft").default("draft"),
  })
  .superRefine((value, context) => {
    const { startDate, endDate } = value.schedule;
    if (startDate && endDate && Date.parse(endDate) <= Date.parse(startDate)) {
      context.addIssue({
        code: "custom",
        path: ["schedule", "endDate"],
        message: "The end date must be after the start date",
      });
    }
  });
export type CampaignDraft = z.input<typeof campaignDraftSchema>;
export type CampaignDraftParsed = z.output<typeof campaignDraftSchema>;

export const campaignStatuses = ["draft", "active", "paused", "completed", "cancelled"] as const;
export type CampaignStatus = (typeof campaignStatuses)[number];

export interface CampaignView {
  id: number;
  name: string;
  description: string;
  status: CampaignStatus;
  template: { id: string; name: string };
  budget: { amount: number };
  schedule: { startDate: string | null; endDate: string | null; postingFrequency: string };
  partnerId: number | null;
  /** Every partner the campaign goes to (the first is partnerId). */
  partnerIds: number[];
  counts: {
    held: number;
    queued: number;
    sending: number;
    sent: number;
    failed: number;
    cancelled: number;
  };
  createdAt: string;
  draft: CampaignDraftParsed;
}

export const campaignArticlesSchema = z.object({
  articleIds: z
    .array(databaseId("Article ids must be positive whole numbers"), {
      error: "articleIds must be a list of article ids",
    })
    .min(1, "Choose at least one article")
    .max(50, "At most 50 articles can be added at once"),
});
