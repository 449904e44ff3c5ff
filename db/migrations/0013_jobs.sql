CREATE TABLE `jobs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`slug` text NOT NULL,
	`title` text NOT NULL,
	`department` text NOT NULL,
	`type` text NOT NULL,
	`description` text NOT NULL,
	`responsibilities` text NOT NULL,
	`requirements` text NOT NULL,
	`benefits` text NOT NULL,
	`city` text DEFAULT '' NOT NULL,
	`region` text DEFAULT '' NOT NULL,
	`country` text DEFAULT '' NOT NULL,
	`remote` integer DEFAULT false NOT NULL,
	`remote_countries` text DEFAULT '[]' NOT NULL,
	`remote_time_zones` text DEFAULT '' NOT NULL,
	`salary_min` real,
	`salary_max` real,
	`salary_currency` text DEFAULT 'USD' NOT NULL,
	`salary_unit` text DEFAULT 'YEAR' NOT NULL,
	`status` text DEFAULT 'draft' NOT NULL,
	`valid_through` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`posted_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `jobs_slug_unique` ON `jobs` (`slug`);--> statement-breakpoint
CREATE INDEX `jobs_status_posted_at_idx` ON `jobs` (`status`,`posted_at`);