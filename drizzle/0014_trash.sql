CREATE TABLE `trash_items` (
	`id` int AUTO_INCREMENT NOT NULL,
	`entity` varchar(64) NOT NULL,
	`entity_id` int NOT NULL,
	`name` varchar(255) NOT NULL DEFAULT '',
	`snapshot` json NOT NULL,
	`deleted_at` datetime(3) NOT NULL,
	`deleted_by` int,
	CONSTRAINT `trash_items_id` PRIMARY KEY(`id`)
);
--> statement-breakpoint
ALTER TABLE `trash_items` ADD CONSTRAINT `trash_items_deleted_by_staff_users_id_fk` FOREIGN KEY (`deleted_by`) REFERENCES `staff_users`(`id`) ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX `trash_items_entity_idx` ON `trash_items` (`entity`,`entity_id`);--> statement-breakpoint
CREATE INDEX `trash_items_deleted_idx` ON `trash_items` (`deleted_at`);