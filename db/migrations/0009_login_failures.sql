-- Failed administrator logins per client, for a lockout that only the failing client feels.
CREATE TABLE `login_failures` (
	`client` text PRIMARY KEY NOT NULL,
	`failures` integer NOT NULL,
	`lockouts` integer NOT NULL,
	`locked_until` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `login_failures_updated_at_idx` ON `login_failures` (`updated_at`);