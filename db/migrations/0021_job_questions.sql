ALTER TABLE `job_applications` ADD `answers` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `jobs` ADD `questions` text DEFAULT '[]' NOT NULL;