CREATE TABLE `email_templates` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`subject` text NOT NULL,
	`body` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE `mail_outbox` ADD `sender` text DEFAULT '' NOT NULL;--> statement-breakpoint
INSERT INTO `email_templates` (`name`, `subject`, `body`, `created_at`, `updated_at`) VALUES
('Rejection', 'Your application for {{role}}', 'Dear {{firstName}},

Thank you for applying for the {{role}} role, and for the time you gave your application. We have read it carefully and decided not to take it further this time.

We wish you every success in your search.

{{sender}}', 0, 0),
('Interview invitation', 'Interview for {{role}}', 'Hi {{firstName}},

Thank you for applying for the {{role}} role. We would like to meet you for an interview. Could you reply with a few times that suit you in the next week?

Best wishes,
{{sender}}', 0, 0),
('Free message', 'About your application for {{role}}', 'Hi {{firstName}},



{{sender}}', 0, 0);
