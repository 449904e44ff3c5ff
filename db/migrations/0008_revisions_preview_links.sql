-- The versions a post had before each save.
CREATE TABLE `post_revisions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`post_id` integer NOT NULL,
	`saved_at` integer NOT NULL,
	`title` text NOT NULL,
	`slug` text NOT NULL,
	`excerpt` text NOT NULL,
	`content` text NOT NULL,
	`featured_image` text,
	`featured` integer NOT NULL,
	`status` text NOT NULL,
	`published_at` integer,
	`tag_ids` text NOT NULL,
	FOREIGN KEY (`post_id`) REFERENCES `posts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `post_revisions_post_id_idx` ON `post_revisions` (`post_id`,`id`);--> statement-breakpoint
-- Each post's secret preview link: 192 random bits, given to the posts that exist already.
ALTER TABLE `posts` ADD `preview_token` text NOT NULL DEFAULT '';--> statement-breakpoint
UPDATE `posts` SET `preview_token` = lower(hex(randomblob(24)));--> statement-breakpoint
CREATE UNIQUE INDEX `posts_preview_token_unique` ON `posts` (`preview_token`);
