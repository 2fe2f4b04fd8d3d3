// The one schema, split by domain into schema/*.ts; drizzle-kit reads the same files.
export * from "./schema/ai-images";
export * from "./schema/ai-writer";
export * from "./schema/analytics";
export * from "./schema/api-keys";
export * from "./schema/auth";
export * from "./schema/contact";
export * from "./schema/content";
export * from "./schema/landing-page";
export * from "./schema/live-coverage";
export * from "./schema/mail";
export * from "./schema/market-data";
export * from "./schema/news";
export * from "./schema/newsletter";
export * from "./schema/partners";
export * from "./schema/sentiment";
export * from "./schema/users";
export * from "./schema/web-push";
