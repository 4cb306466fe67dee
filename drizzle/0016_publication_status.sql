ALTER TABLE `info_pages` ADD `status` enum('published','draft','scheduled') DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE `info_pages` ADD `publish_at` datetime;--> statement-breakpoint
ALTER TABLE `titles` ADD `status` enum('published','draft','scheduled') DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE `titles` ADD `publish_at` datetime;--> statement-breakpoint
ALTER TABLE `questions` ADD `status` enum('published','draft','scheduled') DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE `questions` ADD `publish_at` datetime;--> statement-breakpoint
ALTER TABLE `question_sets` ADD `status` enum('published','draft','scheduled') DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE `question_sets` ADD `publish_at` datetime;--> statement-breakpoint
ALTER TABLE `exam_titles` ADD `status` enum('published','draft','scheduled') DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE `exam_titles` ADD `publish_at` datetime;--> statement-breakpoint
ALTER TABLE `videos` ADD `status` enum('published','draft','scheduled') DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE `videos` ADD `publish_at` datetime;--> statement-breakpoint
CREATE INDEX `info_pages_status_idx` ON `info_pages` (`status`,`publish_at`);--> statement-breakpoint
CREATE INDEX `titles_status_idx` ON `titles` (`status`,`publish_at`);--> statement-breakpoint
CREATE INDEX `questions_status_idx` ON `questions` (`status`,`publish_at`);--> statement-breakpoint
CREATE INDEX `question_sets_status_idx` ON `question_sets` (`status`,`publish_at`);--> statement-breakpoint
CREATE INDEX `exam_titles_status_idx` ON `exam_titles` (`status`,`publish_at`);--> statement-breakpoint
CREATE INDEX `videos_status_idx` ON `videos` (`status`,`publish_at`);