CREATE TABLE `application_files` (
	`application_id` integer PRIMARY KEY NOT NULL,
	`file_name` text NOT NULL,
	`format` text NOT NULL,
	`size` integer NOT NULL,
	`bytes` blob NOT NULL,
	FOREIGN KEY (`application_id`) REFERENCES `job_applications`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `application_notes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`application_id` integer NOT NULL,
	`kind` text NOT NULL,
	`body` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`application_id`) REFERENCES `job_applications`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `application_notes_application_id_idx` ON `application_notes` (`application_id`,`id`);--> statement-breakpoint
CREATE TABLE `mail_outbox` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`ref` text NOT NULL,
	`kind` text NOT NULL,
	`to_address` text NOT NULL,
	`reply_to` text DEFAULT '' NOT NULL,
	`subject` text NOT NULL,
	`text` text NOT NULL,
	`message_id` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` integer NOT NULL,
	`claim_token` text,
	`claimed_until` integer,
	`last_error` text DEFAULT '' NOT NULL,
	`created_at` integer NOT NULL,
	`sent_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `mail_outbox_message_id_unique` ON `mail_outbox` (`message_id`);--> statement-breakpoint
CREATE INDEX `mail_outbox_status_next_idx` ON `mail_outbox` (`status`,`next_attempt_at`);--> statement-breakpoint
CREATE INDEX `mail_outbox_ref_idx` ON `mail_outbox` (`ref`);--> statement-breakpoint
ALTER TABLE `job_applications` ADD `status` text DEFAULT 'new' NOT NULL;--> statement-breakpoint
CREATE INDEX `job_applications_job_id_idx` ON `job_applications` (`job_id`,`created_at`);