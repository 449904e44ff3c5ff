-- Old slugs of jobs the public could see, which redirect to the job.
CREATE TABLE `job_slug_redirects` (
	`slug` text PRIMARY KEY NOT NULL,
	`job_id` integer NOT NULL,
	FOREIGN KEY (`job_id`) REFERENCES `jobs`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `job_slug_redirects_job_id_idx` ON `job_slug_redirects` (`job_id`);