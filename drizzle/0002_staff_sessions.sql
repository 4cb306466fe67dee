CREATE TABLE `login_throttle` (
	`key` varchar(191) NOT NULL,
	`failures` int NOT NULL DEFAULT 0,
	`window_start` datetime NOT NULL,
	CONSTRAINT `login_throttle_key` PRIMARY KEY(`key`)
);
--> statement-breakpoint
CREATE TABLE `staff_sessions` (
	`id_hash` varchar(64) NOT NULL,
	`staff_id` int NOT NULL,
	`csrf_token` varchar(64) NOT NULL,
	`remember` boolean NOT NULL DEFAULT false,
	`user_agent` varchar(120) NOT NULL DEFAULT '',
	`created_at` datetime NOT NULL,
	`last_seen_at` datetime NOT NULL,
	`expires_at` datetime NOT NULL,
	CONSTRAINT `staff_sessions_id_hash` PRIMARY KEY(`id_hash`)
);
--> statement-breakpoint
ALTER TABLE `staff_users` ADD `disabled_at` datetime;--> statement-breakpoint
ALTER TABLE `staff_sessions` ADD CONSTRAINT `staff_sessions_staff_id_staff_users_id_fk` FOREIGN KEY (`staff_id`) REFERENCES `staff_users`(`id`) ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX `staff_sessions_staff_idx` ON `staff_sessions` (`staff_id`);--> statement-breakpoint
CREATE INDEX `staff_sessions_expires_idx` ON `staff_sessions` (`expires_at`);