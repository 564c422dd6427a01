-- Sign-out revokes the access token server-side until its exp (auth/revocations.ts): its SHA-256, never the token.
CREATE TABLE "revoked_access_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "revoked_access_tokens_revoked_at_idx" ON "revoked_access_tokens" USING btree ("revoked_at");