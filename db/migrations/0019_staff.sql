-- Staff accounts: the owner is row 1, who wrote every post so far and holds every session and the second factor.
CREATE TABLE `passkeys` (
	`id` text PRIMARY KEY NOT NULL,
	`staff_id` integer NOT NULL,
	`public_key` blob NOT NULL,
	`counter` integer DEFAULT 0 NOT NULL,
	`transports` text NOT NULL,
	`name` text NOT NULL,
	`created_at` integer NOT NULL,
	`last_used_at` integer,
	FOREIGN KEY (`staff_id`) REFERENCES `staff`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `passkeys_staff_id_idx` ON `passkeys` (`staff_id`);--> statement-breakpoint
CREATE TABLE `password_resets` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`staff_id` integer NOT NULL,
	`token_hash` text NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	FOREIGN KEY (`staff_id`) REFERENCES `staff`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `password_resets_token_hash_unique` ON `password_resets` (`token_hash`);--> statement-breakpoint
CREATE INDEX `password_resets_staff_id_idx` ON `password_resets` (`staff_id`);--> statement-breakpoint
CREATE TABLE `post_presence` (
	`post_id` integer NOT NULL,
	`session_id` integer NOT NULL,
	`staff_id` integer NOT NULL,
	`seen_at` integer NOT NULL,
	PRIMARY KEY(`post_id`, `session_id`)
);
--> statement-breakpoint
CREATE TABLE `staff` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text DEFAULT '' NOT NULL,
	`email` text DEFAULT '' NOT NULL,
	`role` text NOT NULL,
	`state` text NOT NULL,
	`password_hash` text,
	`slug` text NOT NULL,
	`bio` text DEFAULT '' NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `staff_email_unique` ON `staff` (lower("email")) WHERE "staff"."email" <> '';--> statement-breakpoint
CREATE UNIQUE INDEX `staff_slug_unique` ON `staff` (`slug`);--> statement-breakpoint
CREATE TABLE `staff_invitations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`staff_id` integer NOT NULL,
	`token_hash` text NOT NULL,
	`invited_by` integer NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	`revoked_at` integer,
	FOREIGN KEY (`staff_id`) REFERENCES `staff`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `staff_invitations_token_hash_unique` ON `staff_invitations` (`token_hash`);--> statement-breakpoint
CREATE INDEX `staff_invitations_staff_id_idx` ON `staff_invitations` (`staff_id`);--> statement-breakpoint
CREATE TABLE `webauthn_challenges` (
	`challenge` text PRIMARY KEY NOT NULL,
	`purpose` text NOT NULL,
	`staff_id` integer,
	`expires_at` integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE `audit_log` ADD `staff_id` integer;--> statement-breakpoint
ALTER TABLE `audit_log` ADD `staff_name` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `posts` ADD `updated_by` integer;--> statement-breakpoint
ALTER TABLE `recovery_codes` ADD `staff_id` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `sessions` ADD `staff_id` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE INDEX `sessions_staff_id_idx` ON `sessions` (`staff_id`);--> statement-breakpoint
ALTER TABLE `application_notes` ADD `author_id` integer;--> statement-breakpoint
ALTER TABLE `application_notes` ADD `author_name` text DEFAULT '' NOT NULL;--> statement-breakpoint
INSERT INTO `staff` (`id`, `name`, `email`, `role`, `state`, `slug`, `created_at`, `updated_at`) VALUES (1, 'Kindlewave Studios', '', 'owner', 'active', 'kindlewave', CAST(unixepoch('subsec') * 1000 AS integer), CAST(unixepoch('subsec') * 1000 AS integer));--> statement-breakpoint
UPDATE `posts` SET `updated_by` = 1;--> statement-breakpoint
UPDATE `audit_log` SET `staff_id` = 1, `staff_name` = 'Kindlewave Studios' WHERE `type` NOT IN ('login.failed', 'login.locked', 'login.slowed', 'password.reset', 'login.unlocked');--> statement-breakpoint
UPDATE `application_notes` SET `author_id` = 1, `author_name` = 'Kindlewave Studios';
