CREATE TABLE `analytics_daily` (
	`day` text NOT NULL,
	`path` text NOT NULL,
	`kind` text NOT NULL,
	`key` text NOT NULL,
	`views` integer NOT NULL,
	`visitors` integer NOT NULL,
	PRIMARY KEY(`day`, `path`, `kind`, `key`)
);
--> statement-breakpoint
CREATE TABLE `analytics_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`day` text NOT NULL,
	`visitor` text NOT NULL,
	`event` text NOT NULL,
	`path` text NOT NULL,
	`entry` integer NOT NULL,
	`source` text,
	`utm_source` text,
	`utm_medium` text,
	`utm_campaign` text,
	`device` text NOT NULL,
	`browser` text NOT NULL,
	`os` text NOT NULL,
	`job_id` integer
);
--> statement-breakpoint
CREATE INDEX `analytics_events_day` ON `analytics_events` (`day`);--> statement-breakpoint
CREATE TABLE `analytics_salts` (
	`day` text PRIMARY KEY NOT NULL,
	`salt` text NOT NULL
);
