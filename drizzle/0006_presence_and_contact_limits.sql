ALTER TABLE `contact_messages` ADD `client_address` varchar(64) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `online_presence` ADD `client_address` varchar(64) DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX `contact_messages_client_idx` ON `contact_messages` (`client_address`,`created_at`);--> statement-breakpoint
CREATE INDEX `online_presence_client_idx` ON `online_presence` (`client_address`,`last_seen`);