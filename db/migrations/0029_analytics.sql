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
CREATE INDEX `analytics_daily_by_path` ON `analytics_daily` (`path`,`kind`,`day`);--> statement-breakpoint
CREATE INDEX `analytics_daily_by_kind` ON `analytics_daily` (`kind`,`day`);--> statement-breakpoint
CREATE TABLE `analytics_salts` (
	`day` text PRIMARY KEY NOT NULL,
	`salt` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `analytics_seen` (
	`day` text NOT NULL,
	`path` text NOT NULL,
	`kind` text NOT NULL,
	`key` text NOT NULL,
	`visitor` text NOT NULL,
	PRIMARY KEY(`day`, `path`, `kind`, `key`, `visitor`)
);
