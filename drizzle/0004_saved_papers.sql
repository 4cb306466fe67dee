CREATE TABLE `saved_papers` (
	`id` int AUTO_INCREMENT NOT NULL,
	`code` varchar(16) NOT NULL,
	`subject_id` int,
	`grade_id` int,
	`title` varchar(255) NOT NULL DEFAULT '',
	`question_count` int NOT NULL DEFAULT 0,
	`content` mediumtext NOT NULL,
	`created_at` timestamp NOT NULL DEFAULT (now()),
	CONSTRAINT `saved_papers_id` PRIMARY KEY(`id`),
	CONSTRAINT `saved_papers_code_uq` UNIQUE(`code`)
);
--> statement-breakpoint
ALTER TABLE `saved_papers` ADD CONSTRAINT `saved_papers_subject_id_subjects_id_fk` FOREIGN KEY (`subject_id`) REFERENCES `subjects`(`id`) ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE `saved_papers` ADD CONSTRAINT `saved_papers_grade_id_grades_id_fk` FOREIGN KEY (`grade_id`) REFERENCES `grades`(`id`) ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX `saved_papers_subject_idx` ON `saved_papers` (`subject_id`,`grade_id`);