-- A resent application (a double click, a retry after a lost answer) carries the same key and is stored once.
ALTER TABLE `job_applications` ADD `idempotency_key` text;--> statement-breakpoint
CREATE UNIQUE INDEX `job_applications_idempotency_key_unique` ON `job_applications` (`idempotency_key`);