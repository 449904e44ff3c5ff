-- Old slugs of published posts, which redirect to the post.
CREATE TABLE `post_slug_redirects` (
	`slug` text PRIMARY KEY NOT NULL,
	`post_id` integer NOT NULL,
	FOREIGN KEY (`post_id`) REFERENCES `posts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `post_slug_redirects_post_id_idx` ON `post_slug_redirects` (`post_id`);