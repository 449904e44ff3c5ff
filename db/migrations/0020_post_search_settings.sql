-- Per-post search and share settings: empty text (and noindex off) is the site default.
ALTER TABLE `posts` ADD `meta_title` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `posts` ADD `meta_description` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `posts` ADD `canonical_url` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `posts` ADD `noindex` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `posts` ADD `share_image` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `posts` ADD `share_image_info` text;--> statement-breakpoint
ALTER TABLE `posts` ADD `share_title` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `posts` ADD `share_description` text DEFAULT '' NOT NULL;