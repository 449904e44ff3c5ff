CREATE TABLE `content_changes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`version` text NOT NULL,
	`keys` text NOT NULL,
	`changed_at` integer NOT NULL
);
