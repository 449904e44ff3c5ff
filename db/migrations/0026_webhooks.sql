CREATE TABLE `webhook_deliveries` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`webhook_id` integer NOT NULL,
	`event` text NOT NULL,
	`payload` text NOT NULL,
	`message_id` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` integer NOT NULL,
	`claim_token` text,
	`claimed_until` integer,
	`response_code` integer,
	`duration_ms` integer,
	`last_error` text DEFAULT '' NOT NULL,
	`created_at` integer NOT NULL,
	`delivered_at` integer,
	FOREIGN KEY (`webhook_id`) REFERENCES `webhooks`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `webhook_deliveries_message_id_unique` ON `webhook_deliveries` (`message_id`);--> statement-breakpoint
CREATE INDEX `webhook_deliveries_due_idx` ON `webhook_deliveries` (`status`,`next_attempt_at`);--> statement-breakpoint
CREATE INDEX `webhook_deliveries_hook_idx` ON `webhook_deliveries` (`webhook_id`,`id`);--> statement-breakpoint
CREATE TABLE `webhooks` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`url` text NOT NULL,
	`kind` text NOT NULL,
	`events` text NOT NULL,
	`secret` text DEFAULT '' NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE `jobs` ADD `announced_at` integer;--> statement-breakpoint
ALTER TABLE `posts` ADD `announced_at` integer;--> statement-breakpoint
-- What the public could already see is not news to a webhook added from now on.
UPDATE `posts` SET `announced_at` = CAST(unixepoch('subsec') * 1000 AS INTEGER) WHERE `status` = 'published' AND `published_at` <= CAST(unixepoch('subsec') * 1000 AS INTEGER);--> statement-breakpoint
UPDATE `jobs` SET `announced_at` = CAST(unixepoch('subsec') * 1000 AS INTEGER) WHERE `posted_at` IS NOT NULL;