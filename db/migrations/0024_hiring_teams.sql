CREATE TABLE `job_team` (
	`job_id` integer NOT NULL,
	`staff_id` integer NOT NULL,
	`role` text NOT NULL,
	PRIMARY KEY(`job_id`, `staff_id`),
	FOREIGN KEY (`job_id`) REFERENCES `jobs`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`staff_id`) REFERENCES `staff`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `job_team_staff_idx` ON `job_team` (`staff_id`);