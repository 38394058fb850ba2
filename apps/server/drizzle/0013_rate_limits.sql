-- Rate-limit counters shared by every API node (ADR 014): one row per route class and key (a
-- person or a client address), a fixed window each. UNLOGGED: counters need no crash safety, and
-- skipping the WAL keeps each counted request to one cheap statement. Not in the drizzle schema:
-- only modules/limits/rate-limit.repository.ts touches it, with its own SQL.
CREATE UNLOGGED TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"hits" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "rate_limits_window_start_idx" ON "rate_limits" USING btree ("window_start");
