ALTER TABLE `exam_attempts` ADD `display_name` varchar(80);--> statement-breakpoint
ALTER TABLE `exam_attempts` ADD `institution` varchar(120);--> statement-breakpoint
ALTER TABLE `exam_attempts` ADD `roll` varchar(32);--> statement-breakpoint
ALTER TABLE `exam_attempts` ADD `resume_code` varchar(12);--> statement-breakpoint
ALTER TABLE `exam_attempts` ADD `counted_for` varchar(64);--> statement-breakpoint
ALTER TABLE `exam_attempts` ADD `merit_rank` int;--> statement-breakpoint
ALTER TABLE `exam_attempts` ADD `name_hidden` boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `exam_titles` ADD `live_start_at` datetime;--> statement-breakpoint
ALTER TABLE `exam_titles` ADD `live_close_at` datetime;--> statement-breakpoint
ALTER TABLE `exam_titles` ADD `review_after_close` boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE `exam_titles` ADD `shuffle_questions` boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `exam_titles` ADD `shuffle_options` boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `exam_titles` ADD `merit_computed_at` datetime(3);--> statement-breakpoint
ALTER TABLE `questions` ADD `solution_video_url` varchar(512);--> statement-breakpoint
ALTER TABLE `exam_attempts` ADD CONSTRAINT `exam_attempts_resume_uq` UNIQUE(`resume_code`);--> statement-breakpoint
ALTER TABLE `exam_attempts` ADD CONSTRAINT `exam_attempts_counted_uq` UNIQUE(`exam_id`,`counted_for`);--> statement-breakpoint
CREATE INDEX `exam_attempts_merit_idx` ON `exam_attempts` (`exam_id`,`merit_rank`);