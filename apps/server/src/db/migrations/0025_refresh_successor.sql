-- The pair a rotated refresh token was replaced by, sealed, so that a second request with it a moment later
-- (two tabs refreshing at once) gets the same pair instead of ending the session.
ALTER TABLE "refresh_tokens" ADD COLUMN "successor" text;
