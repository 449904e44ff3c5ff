CREATE TABLE `site_event` (
	`id` integer PRIMARY KEY NOT NULL,
	`title` text NOT NULL,
	`date` text NOT NULL,
	`location` text NOT NULL,
	`rsvp_label` text NOT NULL,
	`rsvp_url` text NOT NULL,
	`description` text NOT NULL,
	`promote_on_home` integer NOT NULL,
	`updated_at` integer NOT NULL
);
