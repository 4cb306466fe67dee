CREATE TABLE `omr_answers` (
	`sheet_id` int NOT NULL,
	`question` smallint NOT NULL,
	`marked` varchar(16) NOT NULL DEFAULT '',
	`confidence` decimal(4,3) NOT NULL DEFAULT '0',
	`uncertain` boolean NOT NULL DEFAULT false,
	`reviewed` boolean NOT NULL DEFAULT false,
	`crop` mediumblob,
	CONSTRAINT `omr_answers_pk` PRIMARY KEY(`sheet_id`,`question`)
);
--> statement-breakpoint
CREATE TABLE `omr_sheets` (
	`id` int AUTO_INCREMENT NOT NULL,
	`owner_id` int NOT NULL,
	`roll` varchar(16) NOT NULL,
	`active_roll` varchar(16),
	`set_index` smallint,
	`roll_uncertain` boolean NOT NULL DEFAULT false,
	`set_uncertain` boolean NOT NULL DEFAULT false,
	`confidence` decimal(4,3) NOT NULL DEFAULT '0',
	`image` mediumblob NOT NULL,
	`roll_crop` mediumblob,
	`original_name` varchar(255) NOT NULL DEFAULT '',
	`created_at` timestamp NOT NULL DEFAULT (now()),
	CONSTRAINT `omr_sheets_id` PRIMARY KEY(`id`),
	CONSTRAINT `omr_sheets_owner_roll_uq` UNIQUE(`owner_id`,`active_roll`)
);
--> statement-breakpoint
CREATE TABLE `paper_owners` (
	`id` int AUTO_INCREMENT NOT NULL,
	`paper_id` int NOT NULL,
	`token_hash` varchar(64) NOT NULL,
	`negative_hundredths` smallint NOT NULL DEFAULT 0,
	`sheet_count` int NOT NULL DEFAULT 0,
	`created_at` timestamp NOT NULL DEFAULT (now()),
	CONSTRAINT `paper_owners_id` PRIMARY KEY(`id`),
	CONSTRAINT `paper_owners_token_uq` UNIQUE(`token_hash`)
);
--> statement-breakpoint
ALTER TABLE `omr_answers` ADD CONSTRAINT `omr_answers_sheet_id_omr_sheets_id_fk` FOREIGN KEY (`sheet_id`) REFERENCES `omr_sheets`(`id`) ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE `omr_sheets` ADD CONSTRAINT `omr_sheets_owner_id_paper_owners_id_fk` FOREIGN KEY (`owner_id`) REFERENCES `paper_owners`(`id`) ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE `paper_owners` ADD CONSTRAINT `paper_owners_paper_id_saved_papers_id_fk` FOREIGN KEY (`paper_id`) REFERENCES `saved_papers`(`id`) ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX `omr_sheets_created_idx` ON `omr_sheets` (`created_at`);--> statement-breakpoint
CREATE INDEX `paper_owners_paper_idx` ON `paper_owners` (`paper_id`);