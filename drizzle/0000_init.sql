CREATE TABLE `board_papers` (
	`id` int AUTO_INCREMENT NOT NULL,
	`board_subject_id` int NOT NULL,
	`board_id` int,
	`year` smallint NOT NULL,
	`kind` enum('creative','mcq') NOT NULL,
	`title` varchar(255) NOT NULL,
	`board_year` varchar(255),
	`content` mediumtext,
	`question_set_id` int,
	`sort` int NOT NULL DEFAULT 0,
	CONSTRAINT `board_papers_id` PRIMARY KEY(`id`)
);
--> statement-breakpoint
CREATE TABLE `board_subjects` (
	`id` int AUTO_INCREMENT NOT NULL,
	`name` varchar(255) NOT NULL,
	`image_url` varchar(512),
	`legacy_url` varchar(512),
	`subject_id` int,
	`sort` int NOT NULL DEFAULT 0,
	CONSTRAINT `board_subjects_id` PRIMARY KEY(`id`)
);
--> statement-breakpoint
CREATE TABLE `boards` (
	`id` int AUTO_INCREMENT NOT NULL,
	`code` varchar(16) NOT NULL,
	`name` varchar(128) NOT NULL,
	`sort` int NOT NULL DEFAULT 0,
	CONSTRAINT `boards_id` PRIMARY KEY(`id`),
	CONSTRAINT `boards_code_uq` UNIQUE(`code`)
);
--> statement-breakpoint
CREATE TABLE `categories` (
	`id` int AUTO_INCREMENT NOT NULL,
	`subject_id` int NOT NULL,
	`grade_id` int,
	`name` varchar(255) NOT NULL,
	`image` varchar(512),
	`sort` int NOT NULL DEFAULT 0,
	CONSTRAINT `categories_id` PRIMARY KEY(`id`)
);
--> statement-breakpoint
CREATE TABLE `contact_messages` (
	`id` int AUTO_INCREMENT NOT NULL,
	`name` varchar(120) NOT NULL,
	`email` varchar(255) NOT NULL,
	`phone` varchar(32) NOT NULL DEFAULT '',
	`message` text NOT NULL,
	`handled` boolean NOT NULL DEFAULT false,
	`created_at` timestamp NOT NULL DEFAULT (now()),
	CONSTRAINT `contact_messages_id` PRIMARY KEY(`id`)
);
--> statement-breakpoint
CREATE TABLE `exam_group_subjects` (
	`id` int AUTO_INCREMENT NOT NULL,
	`group_id` int NOT NULL,
	`name` varchar(255) NOT NULL,
	`sort` int NOT NULL DEFAULT 0,
	CONSTRAINT `exam_group_subjects_id` PRIMARY KEY(`id`)
);
--> statement-breakpoint
CREATE TABLE `exam_groups` (
	`id` int AUTO_INCREMENT NOT NULL,
	`title_group_id` int NOT NULL,
	`name` varchar(255) NOT NULL,
	`subject_name` varchar(255) NOT NULL DEFAULT '',
	`sort` int NOT NULL DEFAULT 0,
	CONSTRAINT `exam_groups_id` PRIMARY KEY(`id`)
);
--> statement-breakpoint
CREATE TABLE `exam_title_groups` (
	`id` int AUTO_INCREMENT NOT NULL,
	`name` varchar(255) NOT NULL,
	`announce` text,
	`banner` varchar(512),
	CONSTRAINT `exam_title_groups_id` PRIMARY KEY(`id`)
);
--> statement-breakpoint
CREATE TABLE `exam_titles` (
	`id` int AUTO_INCREMENT NOT NULL,
	`group_subject_id` int,
	`name` varchar(255) NOT NULL,
	`description` text,
	`question_set_id` int NOT NULL,
	`full_marks` int NOT NULL DEFAULT 0,
	`duration_minutes` int NOT NULL DEFAULT 0,
	`negative_mark` decimal(4,2) NOT NULL DEFAULT '0',
	`sort` int NOT NULL DEFAULT 0,
	CONSTRAINT `exam_titles_id` PRIMARY KEY(`id`)
);
--> statement-breakpoint
CREATE TABLE `examples` (
	`id` int AUTO_INCREMENT NOT NULL,
	`extid` int NOT NULL,
	`exqnameid` int NOT NULL,
	`question` text NOT NULL,
	`answer` text NOT NULL,
	`board_year` varchar(255),
	`video_url` varchar(512),
	`sort` int NOT NULL DEFAULT 0,
	CONSTRAINT `examples_id` PRIMARY KEY(`id`)
);
--> statement-breakpoint
CREATE TABLE `footer_settings` (
	`id` int NOT NULL,
	`contact_address` varchar(500) NOT NULL DEFAULT '',
	`contact_email` varchar(255) NOT NULL DEFAULT '',
	`contact_phone` varchar(64) NOT NULL DEFAULT '',
	`updated_at` timestamp NOT NULL DEFAULT (now()) ON UPDATE CURRENT_TIMESTAMP,
	CONSTRAINT `footer_settings_id` PRIMARY KEY(`id`)
);
--> statement-breakpoint
CREATE TABLE `footer_tweets` (
	`id` int AUTO_INCREMENT NOT NULL,
	`handle` varchar(64) NOT NULL,
	`text` varchar(500) NOT NULL,
	`time` varchar(64) NOT NULL DEFAULT '',
	`sort` int NOT NULL DEFAULT 0,
	CONSTRAINT `footer_tweets_id` PRIMARY KEY(`id`)
);
--> statement-breakpoint
CREATE TABLE `footer_updates` (
	`id` int AUTO_INCREMENT NOT NULL,
	`day` varchar(8) NOT NULL,
	`month` varchar(32) NOT NULL,
	`text` varchar(500) NOT NULL,
	`sort` int NOT NULL DEFAULT 0,
	CONSTRAINT `footer_updates_id` PRIMARY KEY(`id`)
);
--> statement-breakpoint
CREATE TABLE `grades` (
	`id` int AUTO_INCREMENT NOT NULL,
	`name` varchar(64) NOT NULL,
	`sort` int NOT NULL DEFAULT 0,
	CONSTRAINT `grades_id` PRIMARY KEY(`id`)
);
--> statement-breakpoint
CREATE TABLE `info_page_revisions` (
	`id` int AUTO_INCREMENT NOT NULL,
	`page_id` int NOT NULL,
	`title` varchar(255) NOT NULL DEFAULT '',
	`content` mediumtext NOT NULL,
	`image` varchar(512),
	`staff_user_id` int,
	`created_at` timestamp NOT NULL DEFAULT (now()),
	CONSTRAINT `info_page_revisions_id` PRIMARY KEY(`id`)
);
--> statement-breakpoint
CREATE TABLE `info_pages` (
	`id` int AUTO_INCREMENT NOT NULL,
	`slug` varchar(64) NOT NULL,
	`title` varchar(255) NOT NULL DEFAULT '',
	`content` mediumtext NOT NULL,
	`image` varchar(512),
	`updated_at` timestamp NOT NULL DEFAULT (now()) ON UPDATE CURRENT_TIMESTAMP,
	CONSTRAINT `info_pages_id` PRIMARY KEY(`id`),
	CONSTRAINT `info_pages_slug_uq` UNIQUE(`slug`)
);
--> statement-breakpoint
CREATE TABLE `live_classes` (
	`id` int AUTO_INCREMENT NOT NULL,
	`title` varchar(255) NOT NULL,
	`description` text,
	`starts_at` datetime NOT NULL,
	`duration_minutes` int NOT NULL DEFAULT 60,
	`stream_url` varchar(512) NOT NULL,
	`recording_url` varchar(512),
	CONSTRAINT `live_classes_id` PRIMARY KEY(`id`)
);
--> statement-breakpoint
CREATE TABLE `mcq_categories` (
	`id` int AUTO_INCREMENT NOT NULL,
	`parent_id` int,
	`name` varchar(255) NOT NULL,
	`image` varchar(512),
	`sort` int NOT NULL DEFAULT 0,
	CONSTRAINT `mcq_categories_id` PRIMARY KEY(`id`)
);
--> statement-breakpoint
CREATE TABLE `online_presence` (
	`session_key` varchar(64) NOT NULL,
	`page` varchar(255) NOT NULL DEFAULT '',
	`last_seen` datetime NOT NULL,
	CONSTRAINT `online_presence_session_key` PRIMARY KEY(`session_key`)
);
--> statement-breakpoint
CREATE TABLE `page_meta` (
	`id` int AUTO_INCREMENT NOT NULL,
	`path` varchar(255) NOT NULL,
	`title` varchar(255),
	`description` varchar(500),
	`keywords` varchar(500),
	CONSTRAINT `page_meta_id` PRIMARY KEY(`id`),
	CONSTRAINT `page_meta_path_uq` UNIQUE(`path`)
);
--> statement-breakpoint
CREATE TABLE `question_options` (
	`id` int AUTO_INCREMENT NOT NULL,
	`question_id` int NOT NULL,
	`opt_key` varchar(8) NOT NULL,
	`body` text NOT NULL,
	`is_correct` boolean NOT NULL DEFAULT false,
	`sort` int NOT NULL DEFAULT 0,
	CONSTRAINT `question_options_id` PRIMARY KEY(`id`)
);
--> statement-breakpoint
CREATE TABLE `question_sets` (
	`id` int AUTO_INCREMENT NOT NULL,
	`mcq_category_id` int,
	`name` varchar(255) NOT NULL,
	`sort` int NOT NULL DEFAULT 0,
	CONSTRAINT `question_sets_id` PRIMARY KEY(`id`)
);
--> statement-breakpoint
CREATE TABLE `questions` (
	`id` int AUTO_INCREMENT NOT NULL,
	`set_id` int NOT NULL,
	`sort` int NOT NULL DEFAULT 0,
	`intro` text,
	`body` text NOT NULL,
	`correct_key` varchar(8),
	`board_year` varchar(255),
	`explanation` text,
	CONSTRAINT `questions_id` PRIMARY KEY(`id`)
);
--> statement-breakpoint
CREATE TABLE `site_settings` (
	`key` varchar(64) NOT NULL,
	`value` text NOT NULL,
	CONSTRAINT `site_settings_key` PRIMARY KEY(`key`)
);
--> statement-breakpoint
CREATE TABLE `social_links` (
	`platform` enum('facebook','twitter','googleplus','instagram','youtube','linkedin','tumblr','pinterest') NOT NULL,
	`url` varchar(512) NOT NULL,
	CONSTRAINT `social_links_platform` PRIMARY KEY(`platform`)
);
--> statement-breakpoint
CREATE TABLE `staff_users` (
	`id` int AUTO_INCREMENT NOT NULL,
	`name` varchar(120) NOT NULL,
	`username` varchar(64) NOT NULL,
	`email` varchar(255) NOT NULL,
	`password_hash` varchar(255) NOT NULL,
	`role` int NOT NULL DEFAULT 0,
	`role_label` varchar(64) NOT NULL DEFAULT '',
	`is_super_admin` boolean NOT NULL DEFAULT false,
	`created_at` timestamp NOT NULL DEFAULT (now()),
	CONSTRAINT `staff_users_id` PRIMARY KEY(`id`),
	CONSTRAINT `staff_users_username_uq` UNIQUE(`username`),
	CONSTRAINT `staff_users_email_uq` UNIQUE(`email`)
);
--> statement-breakpoint
CREATE TABLE `subject_grades` (
	`subject_id` int NOT NULL,
	`grade_id` int NOT NULL,
	`sort` int NOT NULL DEFAULT 0,
	CONSTRAINT `subject_grades_subject_id_grade_id_pk` PRIMARY KEY(`subject_id`,`grade_id`)
);
--> statement-breakpoint
CREATE TABLE `subjects` (
	`id` int AUTO_INCREMENT NOT NULL,
	`name` varchar(128) NOT NULL,
	`slug` varchar(64) NOT NULL,
	`icon` varchar(32) NOT NULL DEFAULT '',
	`image` varchar(512),
	`sort` int NOT NULL DEFAULT 0,
	CONSTRAINT `subjects_id` PRIMARY KEY(`id`),
	CONSTRAINT `subjects_slug_uq` UNIQUE(`slug`)
);
--> statement-breakpoint
CREATE TABLE `titles` (
	`id` int AUTO_INCREMENT NOT NULL,
	`category_id` int NOT NULL,
	`name` varchar(255) NOT NULL,
	`image` varchar(512),
	`content` mediumtext NOT NULL,
	`sort` int NOT NULL DEFAULT 0,
	`updated_at` timestamp NOT NULL DEFAULT (now()) ON UPDATE CURRENT_TIMESTAMP,
	CONSTRAINT `titles_id` PRIMARY KEY(`id`)
);
--> statement-breakpoint
CREATE TABLE `videos` (
	`id` int AUTO_INCREMENT NOT NULL,
	`url` varchar(512) NOT NULL,
	`title` varchar(255),
	`kind` enum('theory','example','short','b2','b3','b4','c5','a6') NOT NULL DEFAULT 'theory',
	`sort` int NOT NULL DEFAULT 0,
	CONSTRAINT `videos_id` PRIMARY KEY(`id`)
);
--> statement-breakpoint
CREATE INDEX `board_papers_subject_idx` ON `board_papers` (`board_subject_id`,`board_id`,`year`);--> statement-breakpoint
CREATE INDEX `board_papers_kind_idx` ON `board_papers` (`kind`,`year`);--> statement-breakpoint
CREATE INDEX `board_subjects_sort_idx` ON `board_subjects` (`sort`);--> statement-breakpoint
CREATE INDEX `categories_subject_idx` ON `categories` (`subject_id`,`sort`);--> statement-breakpoint
CREATE INDEX `contact_messages_created_idx` ON `contact_messages` (`created_at`);--> statement-breakpoint
CREATE INDEX `exam_group_subjects_group_idx` ON `exam_group_subjects` (`group_id`,`sort`);--> statement-breakpoint
CREATE INDEX `exam_groups_title_group_idx` ON `exam_groups` (`title_group_id`,`sort`);--> statement-breakpoint
CREATE INDEX `exam_titles_group_subject_idx` ON `exam_titles` (`group_subject_id`,`sort`);--> statement-breakpoint
CREATE INDEX `examples_lookup_idx` ON `examples` (`extid`,`exqnameid`,`sort`);--> statement-breakpoint
CREATE INDEX `info_page_revisions_page_idx` ON `info_page_revisions` (`page_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `live_classes_starts_idx` ON `live_classes` (`starts_at`);--> statement-breakpoint
CREATE INDEX `mcq_categories_parent_idx` ON `mcq_categories` (`parent_id`,`sort`);--> statement-breakpoint
CREATE INDEX `online_presence_last_seen_idx` ON `online_presence` (`last_seen`);--> statement-breakpoint
CREATE INDEX `question_options_question_idx` ON `question_options` (`question_id`,`sort`);--> statement-breakpoint
CREATE INDEX `question_sets_category_idx` ON `question_sets` (`mcq_category_id`,`sort`);--> statement-breakpoint
CREATE INDEX `questions_set_idx` ON `questions` (`set_id`,`sort`);--> statement-breakpoint
CREATE INDEX `subject_grades_grade_idx` ON `subject_grades` (`grade_id`);--> statement-breakpoint
CREATE INDEX `subjects_sort_idx` ON `subjects` (`sort`);--> statement-breakpoint
CREATE INDEX `titles_category_idx` ON `titles` (`category_id`,`sort`);--> statement-breakpoint
CREATE INDEX `videos_kind_idx` ON `videos` (`kind`,`sort`);