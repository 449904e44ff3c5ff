CREATE TABLE `subscribers` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`email` text NOT NULL,
	`name` text DEFAULT '' NOT NULL,
	`state` text DEFAULT 'pending' NOT NULL,
	`key` text NOT NULL,
	`confirm_token_hash` text,
	`confirm_sent_at` integer,
	`tags` text,
	`created_at` integer NOT NULL,
	`confirmed_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `subscribers_email_unique` ON `subscribers` (`email`);--> statement-breakpoint
CREATE UNIQUE INDEX `subscribers_key_unique` ON `subscribers` (`key`);--> statement-breakpoint
CREATE UNIQUE INDEX `subscribers_confirm_token_hash_unique` ON `subscribers` (`confirm_token_hash`);--> statement-breakpoint
CREATE INDEX `subscribers_state_created_idx` ON `subscribers` (`state`,`created_at`);