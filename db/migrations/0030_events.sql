CREATE TABLE `events` (
	`id` integer PRIMARY KEY NOT NULL,
	`slug` text NOT NULL,
	`title` text NOT NULL,
	`starts_at` integer NOT NULL,
	`ends_at` integer NOT NULL,
	`time_zone` text NOT NULL,
	`place` text NOT NULL,
	`description` text NOT NULL,
	`rsvp_label` text NOT NULL,
	`rsvp_url` text NOT NULL,
	`cover_image` text NOT NULL,
	`visibility` text NOT NULL,
	`promote_on_home` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `events_slug_unique` ON `events` (lower("slug"));--> statement-breakpoint
CREATE INDEX `events_starts_at` ON `events` (`starts_at`);--> statement-breakpoint
-- The one event of before becomes the first (served at /rdc25): a whole day in UTC, its 'TBA' an empty place.
INSERT INTO `events` (`id`, `slug`, `title`, `starts_at`, `ends_at`, `time_zone`, `place`, `description`, `rsvp_label`, `rsvp_url`, `cover_image`, `visibility`, `promote_on_home`, `updated_at`)
SELECT 1, 'rdc25', `title`, CAST(strftime('%s', `date`) AS INTEGER) * 1000, CAST(strftime('%s', `date`) AS INTEGER) * 1000 + 86400000, 'UTC',
  CASE WHEN `location` = 'TBA' THEN '' ELSE `location` END, `description`, `rsvp_label`, `rsvp_url`, '', 'public', `promote_on_home`, `updated_at`
FROM `site_event` WHERE `id` = 1;--> statement-breakpoint
-- Never saved: the spec's event (src/content/event.ts), as the page showed it.
INSERT OR IGNORE INTO `events` (`id`, `slug`, `title`, `starts_at`, `ends_at`, `time_zone`, `place`, `description`, `rsvp_label`, `rsvp_url`, `cover_image`, `visibility`, `promote_on_home`, `updated_at`)
VALUES (1, 'rdc25', 'Developer Conference Party', 1757030400000, 1757116800000, 'UTC', '',
  'Kindlewave Studios is hosting its second party, exclusive to invited attendees. Join us for free food, drinks, activities and merch.',
  'RSVP via Discord', 'https://discord.gg/kindlewave-rdc25', '', 'public', 1, 1757030400000);
