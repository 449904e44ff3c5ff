CREATE TABLE `newsletter_issues` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`post_id` integer NOT NULL,
	`subject` text NOT NULL,
	`html` text NOT NULL,
	`text` text NOT NULL,
	`total` integer NOT NULL,
	`created_at` integer NOT NULL,
	`completed_at` integer,
	`sent` integer DEFAULT 0 NOT NULL,
	`failed` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`post_id`) REFERENCES `posts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `newsletter_issues_post_id_unique` ON `newsletter_issues` (`post_id`);--> statement-breakpoint
CREATE TABLE `newsletter_suppressions` (
	`address_hash` text PRIMARY KEY NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
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
CREATE INDEX `subscribers_state_created_idx` ON `subscribers` (`state`,`created_at`);--> statement-breakpoint
CREATE TABLE `deleted_public_posts` (
	`post_id` integer PRIMARY KEY NOT NULL,
	`title` text NOT NULL,
	`slug` text NOT NULL,
	`excerpt` text NOT NULL,
	`featured_image` text,
	`author` text,
	`deleted_at` integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE `mail_outbox` ADD `html` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `mail_outbox` ADD `issue_id` integer;--> statement-breakpoint
CREATE INDEX `mail_outbox_issue_idx` ON `mail_outbox` (`issue_id`,`status`);--> statement-breakpoint
ALTER TABLE `posts` ADD `email_subscribers` integer DEFAULT false NOT NULL;