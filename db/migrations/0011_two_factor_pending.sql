-- A pending two-factor secret belongs to the session that asked for it, for a few minutes and a few wrong codes.
ALTER TABLE `two_factor` ADD `pending_session_id` integer;--> statement-breakpoint
ALTER TABLE `two_factor` ADD `pending_created_at` integer;--> statement-breakpoint
ALTER TABLE `two_factor` ADD `pending_failures` integer DEFAULT 0 NOT NULL;