CREATE TABLE `media` (
	`id` int AUTO_INCREMENT NOT NULL,
	`hash` varchar(32) NOT NULL,
	`mime` varchar(32) NOT NULL,
	`ext` varchar(8) NOT NULL,
	`bytes` mediumblob NOT NULL,
	`size` int NOT NULL,
	`width` int,
	`height` int,
	`original_name` varchar(255) NOT NULL DEFAULT '',
	`created_at` timestamp NOT NULL DEFAULT (now()),
	`updated_at` timestamp NOT NULL DEFAULT (now()) ON UPDATE CURRENT_TIMESTAMP,
	`updated_by` int,
	CONSTRAINT `media_id` PRIMARY KEY(`id`),
	CONSTRAINT `media_hash_uq` UNIQUE(`hash`)
);
--> statement-breakpoint
ALTER TABLE `exam_titles` ADD `key_published` boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `media` ADD CONSTRAINT `media_updated_by_staff_users_id_fk` FOREIGN KEY (`updated_by`) REFERENCES `staff_users`(`id`) ON DELETE set null ON UPDATE no action;