CREATE TABLE `interview_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`interview_id` integer NOT NULL,
	`application_id` integer NOT NULL,
	`kind` text NOT NULL,
	`summary` text NOT NULL,
	`by_name` text DEFAULT '' NOT NULL,
	`at` integer NOT NULL,
	FOREIGN KEY (`interview_id`) REFERENCES `interviews`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`application_id`) REFERENCES `job_applications`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `interview_events_application_idx` ON `interview_events` (`application_id`,`id`);--> statement-breakpoint
CREATE TABLE `interviews` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`application_id` integer NOT NULL,
	`uid` text NOT NULL,
	`sequence` integer DEFAULT 0 NOT NULL,
	`state` text DEFAULT 'scheduled' NOT NULL,
	`starts_at` integer NOT NULL,
	`minutes` integer NOT NULL,
	`location` text NOT NULL,
	`interviewers` text NOT NULL,
	`organizer_name` text NOT NULL,
	`invited_ids` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`application_id`) REFERENCES `job_applications`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `interviews_uid_unique` ON `interviews` (`uid`);--> statement-breakpoint
CREATE INDEX `interviews_application_idx` ON `interviews` (`application_id`,`starts_at`);--> statement-breakpoint
CREATE TABLE `scorecards` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`application_id` integer NOT NULL,
	`staff_id` integer NOT NULL,
	`by_name` text DEFAULT '' NOT NULL,
	`ratings` text NOT NULL,
	`overall` text NOT NULL,
	`note` text DEFAULT '' NOT NULL,
	`submitted_at` integer NOT NULL,
	FOREIGN KEY (`application_id`) REFERENCES `job_applications`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `scorecards_application_staff_idx` ON `scorecards` (`application_id`,`staff_id`);--> statement-breakpoint
ALTER TABLE `jobs` ADD `scorecard` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `mail_outbox` ADD `calendar` text DEFAULT '' NOT NULL;