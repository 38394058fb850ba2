ALTER TABLE "payments" DROP CONSTRAINT "payments_status_check";--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "receipt_email" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "reversal_steps" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "referred_at_signup" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "payments_check_due_idx" ON "payments" USING btree (coalesce("checked_at", "created"));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_status_check" CHECK ("payments"."status" in ('pending', 'succeeded', 'canceled', 'review'));--> statement-breakpoint
-- Referrers set at sign-up are kept as such; one that a payment set (older versions did, when none
-- was set) is recognised by a payment of the person naming it, unless its sign-up bonus was paid.
UPDATE "users" u SET "referred_at_signup" = true
 WHERE u."referred_by" IS NOT NULL
   AND (EXISTS (SELECT 1 FROM "token_ledger" l
                 WHERE l."referred_user_id" = u."id" AND l."reason" = 'referral_bonus')
        OR NOT EXISTS (SELECT 1 FROM "payments" p
                        WHERE p."user_id" = u."id" AND p."referral" = u."referred_by"::text));
