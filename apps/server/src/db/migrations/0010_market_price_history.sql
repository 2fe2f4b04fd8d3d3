CREATE TABLE "market_price_history" (
	"symbol" text NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"price" double precision NOT NULL,
	"market_cap" double precision,
	"volume" double precision,
	CONSTRAINT "market_price_history_symbol_hour_pk" PRIMARY KEY("symbol","hour")
);
--> statement-breakpoint
CREATE INDEX "market_price_history_hour_idx" ON "market_price_history" USING btree ("hour");