CREATE TABLE `exam_attempt_answers` (
	`attempt_id` varchar(24) NOT NULL,
	`question_id` int NOT NULL,
	`choice` varchar(8),
	`marked_for_review` boolean NOT NULL DEFAULT false,
	`saved_at` datetime(3) NOT NULL,
	CONSTRAINT `exam_attempt_answers_attempt_id_question_id_pk` PRIMARY KEY(`attempt_id`,`question_id`)
);
--> statement-breakpoint
CREATE TABLE `exam_attempts` (
	`id` varchar(24) NOT NULL,
	`exam_id` int NOT NULL,
	`browser_hash` varchar(64) NOT NULL,
	`started_at` datetime(3) NOT NULL,
	`deadline_at` datetime(3) NOT NULL,
	`negative_mark` decimal(4,2) NOT NULL DEFAULT '0',
	`finished_at` datetime(3),
	`right_count` smallint,
	`wrong_count` smallint,
	`skipped_count` smallint,
	`score` decimal(8,2),
	`net` decimal(8,2),
	`full_marks` int,
	CONSTRAINT `exam_attempts_id` PRIMARY KEY(`id`)
);
--> statement-breakpoint
ALTER TABLE `exam_titles` ADD `review_after_finish` boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE `exam_attempt_answers` ADD CONSTRAINT `exam_attempt_answers_attempt_id_exam_attempts_id_fk` FOREIGN KEY (`attempt_id`) REFERENCES `exam_attempts`(`id`) ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE `exam_attempt_answers` ADD CONSTRAINT `exam_attempt_answers_question_id_questions_id_fk` FOREIGN KEY (`question_id`) REFERENCES `questions`(`id`) ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE `exam_attempts` ADD CONSTRAINT `exam_attempts_exam_id_exam_titles_id_fk` FOREIGN KEY (`exam_id`) REFERENCES `exam_titles`(`id`) ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX `exam_attempt_answers_question_idx` ON `exam_attempt_answers` (`question_id`);--> statement-breakpoint
CREATE INDEX `exam_attempts_browser_idx` ON `exam_attempts` (`browser_hash`,`started_at`);--> statement-breakpoint
CREATE INDEX `exam_attempts_exam_net_idx` ON `exam_attempts` (`exam_id`,`net`);--> statement-breakpoint
CREATE INDEX `exam_attempts_started_idx` ON `exam_attempts` (`started_at`);