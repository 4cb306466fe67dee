CREATE TABLE `audit_log` (
	`id` int AUTO_INCREMENT NOT NULL,
	`staff_id` int,
	`action` varchar(32) NOT NULL,
	`entity` varchar(64) NOT NULL,
	`entity_id` varchar(64),
	`summary` varchar(500) NOT NULL DEFAULT '',
	`created_at` timestamp NOT NULL DEFAULT CURRENT_TIMESTAMP,
	CONSTRAINT `audit_log_id` PRIMARY KEY(`id`)
);--> statement-breakpoint
CREATE TABLE `question_parts` (
	`id` int AUTO_INCREMENT NOT NULL,
	`question_id` int NOT NULL,
	`label` varchar(8) NOT NULL,
	`body` text NOT NULL,
	`body_html` text,
	`marks` decimal(5,2) NOT NULL DEFAULT '0',
	`sort` int NOT NULL DEFAULT 0,
	`created_at` timestamp NOT NULL DEFAULT (now()),
	`updated_at` timestamp NOT NULL DEFAULT (now()) ON UPDATE CURRENT_TIMESTAMP,
	`updated_by` int,
	CONSTRAINT `question_parts_id` PRIMARY KEY(`id`)
);--> statement-breakpoint
CREATE TABLE `question_sources` (
	`id` int AUTO_INCREMENT NOT NULL,
	`question_id` int NOT NULL,
	`board` varchar(16) NOT NULL,
	`year` smallint NOT NULL,
	`sort` int NOT NULL DEFAULT 0,
	`created_at` timestamp NOT NULL DEFAULT (now()),
	`updated_at` timestamp NOT NULL DEFAULT (now()) ON UPDATE CURRENT_TIMESTAMP,
	`updated_by` int,
	CONSTRAINT `question_sources_id` PRIMARY KEY(`id`),
	CONSTRAINT `question_sources_uq` UNIQUE(`question_id`,`board`,`year`)
);--> statement-breakpoint
CREATE TABLE `revisions` (
	`id` int AUTO_INCREMENT NOT NULL,
	`entity` enum('title','info_page','question') NOT NULL,
	`entity_id` int NOT NULL,
	`version` int NOT NULL,
	`snapshot` json NOT NULL,
	`staff_id` int,
	`created_at` timestamp NOT NULL DEFAULT (now()),
	CONSTRAINT `revisions_id` PRIMARY KEY(`id`),
	CONSTRAINT `revisions_entity_version_uq` UNIQUE(`entity`,`entity_id`,`version`)
);--> statement-breakpoint
CREATE TABLE `set_questions` (
	`set_id` int NOT NULL,
	`question_id` int NOT NULL,
	`sort` int NOT NULL DEFAULT 0,
	`created_at` timestamp NOT NULL DEFAULT (now()),
	`updated_at` timestamp NOT NULL DEFAULT (now()) ON UPDATE CURRENT_TIMESTAMP,
	`updated_by` int,
	CONSTRAINT `set_questions_set_id_question_id_pk` PRIMARY KEY(`set_id`,`question_id`)
);--> statement-breakpoint
ALTER TABLE `board_papers` ADD `content_html` mediumtext;--> statement-breakpoint
ALTER TABLE `board_papers` ADD `render_version` int DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `board_papers` ADD `created_at` timestamp DEFAULT (now()) NOT NULL;--> statement-breakpoint
ALTER TABLE `board_papers` ADD `updated_at` timestamp DEFAULT (now()) NOT NULL ON UPDATE CURRENT_TIMESTAMP;--> statement-breakpoint
ALTER TABLE `board_papers` ADD `updated_by` int;--> statement-breakpoint
ALTER TABLE `board_papers` ADD `version` int DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `board_subjects` ADD `created_at` timestamp DEFAULT (now()) NOT NULL;--> statement-breakpoint
ALTER TABLE `board_subjects` ADD `updated_at` timestamp DEFAULT (now()) NOT NULL ON UPDATE CURRENT_TIMESTAMP;--> statement-breakpoint
ALTER TABLE `board_subjects` ADD `updated_by` int;--> statement-breakpoint
ALTER TABLE `board_subjects` ADD `version` int DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `boards` ADD `created_at` timestamp DEFAULT (now()) NOT NULL;--> statement-breakpoint
ALTER TABLE `boards` ADD `updated_at` timestamp DEFAULT (now()) NOT NULL ON UPDATE CURRENT_TIMESTAMP;--> statement-breakpoint
ALTER TABLE `boards` ADD `updated_by` int;--> statement-breakpoint
ALTER TABLE `boards` ADD `version` int DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `categories` ADD `created_at` timestamp DEFAULT (now()) NOT NULL;--> statement-breakpoint
ALTER TABLE `categories` ADD `updated_at` timestamp DEFAULT (now()) NOT NULL ON UPDATE CURRENT_TIMESTAMP;--> statement-breakpoint
ALTER TABLE `categories` ADD `updated_by` int;--> statement-breakpoint
ALTER TABLE `categories` ADD `version` int DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `contact_messages` ADD `updated_at` timestamp DEFAULT (now()) NOT NULL ON UPDATE CURRENT_TIMESTAMP;--> statement-breakpoint
ALTER TABLE `contact_messages` ADD `updated_by` int;--> statement-breakpoint
ALTER TABLE `exam_group_subjects` ADD `created_at` timestamp DEFAULT (now()) NOT NULL;--> statement-breakpoint
ALTER TABLE `exam_group_subjects` ADD `updated_at` timestamp DEFAULT (now()) NOT NULL ON UPDATE CURRENT_TIMESTAMP;--> statement-breakpoint
ALTER TABLE `exam_group_subjects` ADD `updated_by` int;--> statement-breakpoint
ALTER TABLE `exam_group_subjects` ADD `version` int DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `exam_groups` ADD `created_at` timestamp DEFAULT (now()) NOT NULL;--> statement-breakpoint
ALTER TABLE `exam_groups` ADD `updated_at` timestamp DEFAULT (now()) NOT NULL ON UPDATE CURRENT_TIMESTAMP;--> statement-breakpoint
ALTER TABLE `exam_groups` ADD `updated_by` int;--> statement-breakpoint
ALTER TABLE `exam_groups` ADD `version` int DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `exam_title_groups` ADD `announce_html` text;--> statement-breakpoint
ALTER TABLE `exam_title_groups` ADD `render_version` int DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `exam_title_groups` ADD `created_at` timestamp DEFAULT (now()) NOT NULL;--> statement-breakpoint
ALTER TABLE `exam_title_groups` ADD `updated_at` timestamp DEFAULT (now()) NOT NULL ON UPDATE CURRENT_TIMESTAMP;--> statement-breakpoint
ALTER TABLE `exam_title_groups` ADD `updated_by` int;--> statement-breakpoint
ALTER TABLE `exam_title_groups` ADD `version` int DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `exam_titles` ADD `description_html` text;--> statement-breakpoint
ALTER TABLE `exam_titles` ADD `render_version` int DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `exam_titles` ADD `created_at` timestamp DEFAULT (now()) NOT NULL;--> statement-breakpoint
ALTER TABLE `exam_titles` ADD `updated_at` timestamp DEFAULT (now()) NOT NULL ON UPDATE CURRENT_TIMESTAMP;--> statement-breakpoint
ALTER TABLE `exam_titles` ADD `updated_by` int;--> statement-breakpoint
ALTER TABLE `exam_titles` ADD `version` int DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `examples` ADD `question_html` text;--> statement-breakpoint
ALTER TABLE `examples` ADD `answer_html` text;--> statement-breakpoint
ALTER TABLE `examples` ADD `render_version` int DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `examples` ADD `created_at` timestamp DEFAULT (now()) NOT NULL;--> statement-breakpoint
ALTER TABLE `examples` ADD `updated_at` timestamp DEFAULT (now()) NOT NULL ON UPDATE CURRENT_TIMESTAMP;--> statement-breakpoint
ALTER TABLE `examples` ADD `updated_by` int;--> statement-breakpoint
ALTER TABLE `examples` ADD `version` int DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `footer_settings` ADD `created_at` timestamp DEFAULT (now()) NOT NULL;--> statement-breakpoint
ALTER TABLE `footer_settings` ADD `updated_by` int;--> statement-breakpoint
ALTER TABLE `footer_settings` ADD `version` int DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `footer_tweets` ADD `created_at` timestamp DEFAULT (now()) NOT NULL;--> statement-breakpoint
ALTER TABLE `footer_tweets` ADD `updated_at` timestamp DEFAULT (now()) NOT NULL ON UPDATE CURRENT_TIMESTAMP;--> statement-breakpoint
ALTER TABLE `footer_tweets` ADD `updated_by` int;--> statement-breakpoint
ALTER TABLE `footer_tweets` ADD `version` int DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `footer_updates` ADD `created_at` timestamp DEFAULT (now()) NOT NULL;--> statement-breakpoint
ALTER TABLE `footer_updates` ADD `updated_at` timestamp DEFAULT (now()) NOT NULL ON UPDATE CURRENT_TIMESTAMP;--> statement-breakpoint
ALTER TABLE `footer_updates` ADD `updated_by` int;--> statement-breakpoint
ALTER TABLE `footer_updates` ADD `version` int DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `grades` ADD `created_at` timestamp DEFAULT (now()) NOT NULL;--> statement-breakpoint
ALTER TABLE `grades` ADD `updated_at` timestamp DEFAULT (now()) NOT NULL ON UPDATE CURRENT_TIMESTAMP;--> statement-breakpoint
ALTER TABLE `grades` ADD `updated_by` int;--> statement-breakpoint
ALTER TABLE `grades` ADD `version` int DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `info_pages` ADD `content_html` mediumtext;--> statement-breakpoint
ALTER TABLE `info_pages` ADD `render_version` int DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `info_pages` ADD `created_at` timestamp DEFAULT (now()) NOT NULL;--> statement-breakpoint
ALTER TABLE `info_pages` ADD `updated_by` int;--> statement-breakpoint
ALTER TABLE `info_pages` ADD `version` int DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `live_classes` ADD `created_at` timestamp DEFAULT (now()) NOT NULL;--> statement-breakpoint
ALTER TABLE `live_classes` ADD `updated_at` timestamp DEFAULT (now()) NOT NULL ON UPDATE CURRENT_TIMESTAMP;--> statement-breakpoint
ALTER TABLE `live_classes` ADD `updated_by` int;--> statement-breakpoint
ALTER TABLE `live_classes` ADD `version` int DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `mcq_categories` ADD `created_at` timestamp DEFAULT (now()) NOT NULL;--> statement-breakpoint
ALTER TABLE `mcq_categories` ADD `updated_at` timestamp DEFAULT (now()) NOT NULL ON UPDATE CURRENT_TIMESTAMP;--> statement-breakpoint
ALTER TABLE `mcq_categories` ADD `updated_by` int;--> statement-breakpoint
ALTER TABLE `mcq_categories` ADD `version` int DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `page_meta` ADD `created_at` timestamp DEFAULT (now()) NOT NULL;--> statement-breakpoint
ALTER TABLE `page_meta` ADD `updated_at` timestamp DEFAULT (now()) NOT NULL ON UPDATE CURRENT_TIMESTAMP;--> statement-breakpoint
ALTER TABLE `page_meta` ADD `updated_by` int;--> statement-breakpoint
ALTER TABLE `page_meta` ADD `version` int DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `question_options` ADD `body_html` text;--> statement-breakpoint
ALTER TABLE `question_options` ADD `created_at` timestamp DEFAULT (now()) NOT NULL;--> statement-breakpoint
ALTER TABLE `question_options` ADD `updated_at` timestamp DEFAULT (now()) NOT NULL ON UPDATE CURRENT_TIMESTAMP;--> statement-breakpoint
ALTER TABLE `question_options` ADD `updated_by` int;--> statement-breakpoint
ALTER TABLE `question_sets` ADD `created_at` timestamp DEFAULT (now()) NOT NULL;--> statement-breakpoint
ALTER TABLE `question_sets` ADD `updated_at` timestamp DEFAULT (now()) NOT NULL ON UPDATE CURRENT_TIMESTAMP;--> statement-breakpoint
ALTER TABLE `question_sets` ADD `updated_by` int;--> statement-breakpoint
ALTER TABLE `question_sets` ADD `version` int DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `questions` ADD `type` enum('mcq','creative') DEFAULT 'mcq' NOT NULL;--> statement-breakpoint
ALTER TABLE `questions` ADD `subject_id` int;--> statement-breakpoint
ALTER TABLE `questions` ADD `grade_id` int;--> statement-breakpoint
ALTER TABLE `questions` ADD `chapter_id` int;--> statement-breakpoint
ALTER TABLE `questions` ADD `intro_html` text;--> statement-breakpoint
ALTER TABLE `questions` ADD `body_html` text;--> statement-breakpoint
ALTER TABLE `questions` ADD `marks` decimal(5,2) DEFAULT '1' NOT NULL;--> statement-breakpoint
ALTER TABLE `questions` ADD `difficulty` enum('easy','medium','hard');--> statement-breakpoint
ALTER TABLE `questions` ADD `explanation_html` text;--> statement-breakpoint
ALTER TABLE `questions` ADD `source_note` varchar(255);--> statement-breakpoint
ALTER TABLE `questions` ADD `render_version` int DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `questions` ADD `created_at` timestamp DEFAULT (now()) NOT NULL;--> statement-breakpoint
ALTER TABLE `questions` ADD `updated_at` timestamp DEFAULT (now()) NOT NULL ON UPDATE CURRENT_TIMESTAMP;--> statement-breakpoint
ALTER TABLE `questions` ADD `updated_by` int;--> statement-breakpoint
ALTER TABLE `questions` ADD `version` int DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `site_settings` ADD `created_at` timestamp DEFAULT (now()) NOT NULL;--> statement-breakpoint
ALTER TABLE `site_settings` ADD `updated_at` timestamp DEFAULT (now()) NOT NULL ON UPDATE CURRENT_TIMESTAMP;--> statement-breakpoint
ALTER TABLE `site_settings` ADD `updated_by` int;--> statement-breakpoint
ALTER TABLE `site_settings` ADD `version` int DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `social_links` ADD `created_at` timestamp DEFAULT (now()) NOT NULL;--> statement-breakpoint
ALTER TABLE `social_links` ADD `updated_at` timestamp DEFAULT (now()) NOT NULL ON UPDATE CURRENT_TIMESTAMP;--> statement-breakpoint
ALTER TABLE `social_links` ADD `updated_by` int;--> statement-breakpoint
ALTER TABLE `social_links` ADD `version` int DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `staff_users` ADD `updated_at` timestamp DEFAULT (now()) NOT NULL ON UPDATE CURRENT_TIMESTAMP;--> statement-breakpoint
ALTER TABLE `subject_grades` ADD `created_at` timestamp DEFAULT (now()) NOT NULL;--> statement-breakpoint
ALTER TABLE `subject_grades` ADD `updated_at` timestamp DEFAULT (now()) NOT NULL ON UPDATE CURRENT_TIMESTAMP;--> statement-breakpoint
ALTER TABLE `subject_grades` ADD `updated_by` int;--> statement-breakpoint
ALTER TABLE `subjects` ADD `created_at` timestamp DEFAULT (now()) NOT NULL;--> statement-breakpoint
ALTER TABLE `subjects` ADD `updated_at` timestamp DEFAULT (now()) NOT NULL ON UPDATE CURRENT_TIMESTAMP;--> statement-breakpoint
ALTER TABLE `subjects` ADD `updated_by` int;--> statement-breakpoint
ALTER TABLE `subjects` ADD `version` int DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `titles` ADD `content_html` mediumtext;--> statement-breakpoint
ALTER TABLE `titles` ADD `render_version` int DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `titles` ADD `created_at` timestamp DEFAULT (now()) NOT NULL;--> statement-breakpoint
ALTER TABLE `titles` ADD `updated_by` int;--> statement-breakpoint
ALTER TABLE `titles` ADD `version` int DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `videos` ADD `created_at` timestamp DEFAULT (now()) NOT NULL;--> statement-breakpoint
ALTER TABLE `videos` ADD `updated_at` timestamp DEFAULT (now()) NOT NULL ON UPDATE CURRENT_TIMESTAMP;--> statement-breakpoint
ALTER TABLE `videos` ADD `updated_by` int;--> statement-breakpoint
ALTER TABLE `videos` ADD `version` int DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE INDEX `audit_log_created_idx` ON `audit_log` (`created_at`);--> statement-breakpoint
CREATE INDEX `audit_log_entity_idx` ON `audit_log` (`entity`,`entity_id`);--> statement-breakpoint
CREATE INDEX `question_parts_question_idx` ON `question_parts` (`question_id`,`sort`);--> statement-breakpoint
CREATE INDEX `question_sources_filter_idx` ON `question_sources` (`board`,`year`,`question_id`);--> statement-breakpoint
CREATE INDEX `set_questions_order_idx` ON `set_questions` (`set_id`,`sort`);--> statement-breakpoint
CREATE INDEX `set_questions_question_idx` ON `set_questions` (`question_id`);--> statement-breakpoint
CREATE INDEX `questions_chapter_idx` ON `questions` (`chapter_id`,`type`);--> statement-breakpoint
CREATE INDEX `questions_subject_grade_idx` ON `questions` (`subject_id`,`grade_id`,`type`);--> statement-breakpoint
CREATE INDEX `questions_render_idx` ON `questions` (`render_version`);--> statement-breakpoint
-- ---- Data: nothing below drops a row. Everything that needs code (parsing board-year notation into
-- ---- question_sources, typesetting math into the *_html columns) is done by drizzle/derive.ts,
-- ---- which `npm run db:migrate` runs right after this file.
-- Sets become ordered lists of bank questions.
INSERT INTO `set_questions` (`set_id`, `question_id`, `sort`)
SELECT q.`set_id`, q.`id`, q.`sort` FROM `questions` q JOIN `question_sets` s ON s.`id` = q.`set_id`;--> statement-breakpoint
-- The correct answer is stored once, on the option (the old site's rule, applied once for all old rows):
-- a question-level key that names one of the options wins; otherwise the first flagged option.
CREATE TEMPORARY TABLE `migrate_keyed` AS
SELECT q.`id` AS `question_id`, TRIM(q.`correct_key`) AS `opt_key` FROM `questions` q
WHERE TRIM(COALESCE(q.`correct_key`, '')) <> ''
  AND EXISTS (SELECT 1 FROM `question_options` o WHERE o.`question_id` = q.`id` AND o.`opt_key` = TRIM(q.`correct_key`));--> statement-breakpoint
UPDATE `question_options` o JOIN `migrate_keyed` k ON k.`question_id` = o.`question_id`
SET o.`is_correct` = (o.`opt_key` = k.`opt_key`);--> statement-breakpoint
CREATE TEMPORARY TABLE `migrate_first_flag` AS
SELECT o.`question_id`,
  (SELECT o2.`id` FROM `question_options` o2 WHERE o2.`question_id` = o.`question_id` AND o2.`is_correct` = 1 ORDER BY o2.`sort`, o2.`id` LIMIT 1) AS `keep_id`
FROM `question_options` o WHERE o.`is_correct` = 1 GROUP BY o.`question_id`;--> statement-breakpoint
UPDATE `question_options` o JOIN `migrate_first_flag` f ON f.`question_id` = o.`question_id`
SET o.`is_correct` = (o.`id` = f.`keep_id`) WHERE o.`is_correct` = 1;--> statement-breakpoint
DROP TEMPORARY TABLE `migrate_keyed`;--> statement-breakpoint
DROP TEMPORARY TABLE `migrate_first_flag`;--> statement-breakpoint
-- The board-year tag moves to source_note; drizzle/derive.ts turns valid notation into source rows.
UPDATE `questions` SET `source_note` = NULLIF(TRIM(`board_year`), '');--> statement-breakpoint
-- Chapters: an MCQ category named like a chapter held that chapter's practice set (what the
-- make-question tool matched by name). The subject of a board paper's questions is the paper's.
UPDATE `questions` q
JOIN `set_questions` sq ON sq.`question_id` = q.`id`
JOIN `question_sets` s ON s.`id` = sq.`set_id`
JOIN `mcq_categories` m ON m.`id` = s.`mcq_category_id`
JOIN `categories` c ON c.`name` = m.`name`
SET q.`chapter_id` = c.`id`, q.`subject_id` = c.`subject_id`, q.`grade_id` = c.`grade_id`
WHERE q.`chapter_id` IS NULL;--> statement-breakpoint
UPDATE `questions` q
JOIN `set_questions` sq ON sq.`question_id` = q.`id`
JOIN `board_papers` p ON p.`question_set_id` = sq.`set_id`
JOIN `board_subjects` bs ON bs.`id` = p.`board_subject_id`
JOIN `subjects` su ON su.`id` = bs.`subject_id`
SET q.`subject_id` = su.`id`
WHERE q.`subject_id` IS NULL;--> statement-breakpoint
-- Info page history moves into the one revisions table, numbered per page (also for pages deleted
-- since: revisions outlive their row); the page's version is its latest. Its updated_at stays.
INSERT INTO `revisions` (`entity`, `entity_id`, `version`, `snapshot`, `staff_id`, `created_at`)
SELECT 'info_page', r.`page_id`,
  ROW_NUMBER() OVER (PARTITION BY r.`page_id` ORDER BY r.`created_at`, r.`id`),
  JSON_OBJECT('title', r.`title`, 'content', r.`content`, 'image', r.`image`),
  u.`id`, r.`created_at`
FROM `info_page_revisions` r
LEFT JOIN `staff_users` u ON u.`id` = r.`staff_user_id`;--> statement-breakpoint
UPDATE `info_pages` p SET p.`updated_at` = p.`updated_at`, p.`version` = GREATEST(1, (SELECT COUNT(*) FROM `revisions` r WHERE r.`entity` = 'info_page' AND r.`entity_id` = p.`id`));--> statement-breakpoint
-- Optional references that point nowhere become NULL, so the foreign keys below can be added.
UPDATE `categories` SET `grade_id` = NULL WHERE `grade_id` IS NOT NULL AND `grade_id` NOT IN (SELECT `id` FROM `grades`);--> statement-breakpoint
UPDATE `mcq_categories` c LEFT JOIN `mcq_categories` p ON p.`id` = c.`parent_id` SET c.`parent_id` = NULL WHERE c.`parent_id` IS NOT NULL AND p.`id` IS NULL;--> statement-breakpoint
UPDATE `question_sets` SET `mcq_category_id` = NULL WHERE `mcq_category_id` IS NOT NULL AND `mcq_category_id` NOT IN (SELECT `id` FROM `mcq_categories`);--> statement-breakpoint
UPDATE `exam_titles` SET `group_subject_id` = NULL WHERE `group_subject_id` IS NOT NULL AND `group_subject_id` NOT IN (SELECT `id` FROM `exam_group_subjects`);--> statement-breakpoint
UPDATE `board_subjects` SET `subject_id` = NULL WHERE `subject_id` IS NOT NULL AND `subject_id` NOT IN (SELECT `id` FROM `subjects`);--> statement-breakpoint
UPDATE `board_papers` SET `board_id` = NULL WHERE `board_id` IS NOT NULL AND `board_id` NOT IN (SELECT `id` FROM `boards`);--> statement-breakpoint
UPDATE `board_papers` SET `question_set_id` = NULL WHERE `question_set_id` IS NOT NULL AND `question_set_id` NOT IN (SELECT `id` FROM `question_sets`);--> statement-breakpoint
DELETE FROM `subject_grades` WHERE `subject_id` NOT IN (SELECT `id` FROM `subjects`) OR `grade_id` NOT IN (SELECT `id` FROM `grades`);--> statement-breakpoint
ALTER TABLE `audit_log` ADD CONSTRAINT `audit_log_staff_id_staff_users_id_fk` FOREIGN KEY (`staff_id`) REFERENCES `staff_users`(`id`) ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE `question_parts` ADD CONSTRAINT `question_parts_question_id_questions_id_fk` FOREIGN KEY (`question_id`) REFERENCES `questions`(`id`) ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE `question_parts` ADD CONSTRAINT `question_parts_updated_by_staff_users_id_fk` FOREIGN KEY (`updated_by`) REFERENCES `staff_users`(`id`) ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE `question_sources` ADD CONSTRAINT `question_sources_question_id_questions_id_fk` FOREIGN KEY (`question_id`) REFERENCES `questions`(`id`) ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE `question_sources` ADD CONSTRAINT `question_sources_updated_by_staff_users_id_fk` FOREIGN KEY (`updated_by`) REFERENCES `staff_users`(`id`) ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE `revisions` ADD CONSTRAINT `revisions_staff_id_staff_users_id_fk` FOREIGN KEY (`staff_id`) REFERENCES `staff_users`(`id`) ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE `set_questions` ADD CONSTRAINT `set_questions_set_id_question_sets_id_fk` FOREIGN KEY (`set_id`) REFERENCES `question_sets`(`id`) ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE `set_questions` ADD CONSTRAINT `set_questions_question_id_questions_id_fk` FOREIGN KEY (`question_id`) REFERENCES `questions`(`id`) ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE `set_questions` ADD CONSTRAINT `set_questions_updated_by_staff_users_id_fk` FOREIGN KEY (`updated_by`) REFERENCES `staff_users`(`id`) ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE `board_papers` ADD CONSTRAINT `board_papers_board_subject_id_board_subjects_id_fk` FOREIGN KEY (`board_subject_id`) REFERENCES `board_subjects`(`id`) ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE `board_papers` ADD CONSTRAINT `board_papers_board_id_boards_id_fk` FOREIGN KEY (`board_id`) REFERENCES `boards`(`id`) ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE `board_papers` ADD CONSTRAINT `board_papers_question_set_id_question_sets_id_fk` FOREIGN KEY (`question_set_id`) REFERENCES `question_sets`(`id`) ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE `board_papers` ADD CONSTRAINT `board_papers_updated_by_staff_users_id_fk` FOREIGN KEY (`updated_by`) REFERENCES `staff_users`(`id`) ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE `board_subjects` ADD CONSTRAINT `board_subjects_subject_id_subjects_id_fk` FOREIGN KEY (`subject_id`) REFERENCES `subjects`(`id`) ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE `board_subjects` ADD CONSTRAINT `board_subjects_updated_by_staff_users_id_fk` FOREIGN KEY (`updated_by`) REFERENCES `staff_users`(`id`) ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE `boards` ADD CONSTRAINT `boards_updated_by_staff_users_id_fk` FOREIGN KEY (`updated_by`) REFERENCES `staff_users`(`id`) ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE `categories` ADD CONSTRAINT `categories_subject_id_subjects_id_fk` FOREIGN KEY (`subject_id`) REFERENCES `subjects`(`id`) ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE `categories` ADD CONSTRAINT `categories_grade_id_grades_id_fk` FOREIGN KEY (`grade_id`) REFERENCES `grades`(`id`) ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE `categories` ADD CONSTRAINT `categories_updated_by_staff_users_id_fk` FOREIGN KEY (`updated_by`) REFERENCES `staff_users`(`id`) ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE `contact_messages` ADD CONSTRAINT `contact_messages_updated_by_staff_users_id_fk` FOREIGN KEY (`updated_by`) REFERENCES `staff_users`(`id`) ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE `exam_group_subjects` ADD CONSTRAINT `exam_group_subjects_group_id_exam_groups_id_fk` FOREIGN KEY (`group_id`) REFERENCES `exam_groups`(`id`) ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE `exam_group_subjects` ADD CONSTRAINT `exam_group_subjects_updated_by_staff_users_id_fk` FOREIGN KEY (`updated_by`) REFERENCES `staff_users`(`id`) ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE `exam_groups` ADD CONSTRAINT `exam_groups_title_group_id_exam_title_groups_id_fk` FOREIGN KEY (`title_group_id`) REFERENCES `exam_title_groups`(`id`) ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE `exam_groups` ADD CONSTRAINT `exam_groups_updated_by_staff_users_id_fk` FOREIGN KEY (`updated_by`) REFERENCES `staff_users`(`id`) ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE `exam_title_groups` ADD CONSTRAINT `exam_title_groups_updated_by_staff_users_id_fk` FOREIGN KEY (`updated_by`) REFERENCES `staff_users`(`id`) ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE `exam_titles` ADD CONSTRAINT `exam_titles_group_subject_id_exam_group_subjects_id_fk` FOREIGN KEY (`group_subject_id`) REFERENCES `exam_group_subjects`(`id`) ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE `exam_titles` ADD CONSTRAINT `exam_titles_question_set_id_question_sets_id_fk` FOREIGN KEY (`question_set_id`) REFERENCES `question_sets`(`id`) ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE `exam_titles` ADD CONSTRAINT `exam_titles_updated_by_staff_users_id_fk` FOREIGN KEY (`updated_by`) REFERENCES `staff_users`(`id`) ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE `examples` ADD CONSTRAINT `examples_updated_by_staff_users_id_fk` FOREIGN KEY (`updated_by`) REFERENCES `staff_users`(`id`) ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE `footer_settings` ADD CONSTRAINT `footer_settings_updated_by_staff_users_id_fk` FOREIGN KEY (`updated_by`) REFERENCES `staff_users`(`id`) ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE `footer_tweets` ADD CONSTRAINT `footer_tweets_updated_by_staff_users_id_fk` FOREIGN KEY (`updated_by`) REFERENCES `staff_users`(`id`) ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE `footer_updates` ADD CONSTRAINT `footer_updates_updated_by_staff_users_id_fk` FOREIGN KEY (`updated_by`) REFERENCES `staff_users`(`id`) ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE `grades` ADD CONSTRAINT `grades_updated_by_staff_users_id_fk` FOREIGN KEY (`updated_by`) REFERENCES `staff_users`(`id`) ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE `info_pages` ADD CONSTRAINT `info_pages_updated_by_staff_users_id_fk` FOREIGN KEY (`updated_by`) REFERENCES `staff_users`(`id`) ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE `live_classes` ADD CONSTRAINT `live_classes_updated_by_staff_users_id_fk` FOREIGN KEY (`updated_by`) REFERENCES `staff_users`(`id`) ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE `mcq_categories` ADD CONSTRAINT `mcq_categories_parent_id_mcq_categories_id_fk` FOREIGN KEY (`parent_id`) REFERENCES `mcq_categories`(`id`) ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE `mcq_categories` ADD CONSTRAINT `mcq_categories_updated_by_staff_users_id_fk` FOREIGN KEY (`updated_by`) REFERENCES `staff_users`(`id`) ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE `page_meta` ADD CONSTRAINT `page_meta_updated_by_staff_users_id_fk` FOREIGN KEY (`updated_by`) REFERENCES `staff_users`(`id`) ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE `question_options` ADD CONSTRAINT `question_options_question_id_questions_id_fk` FOREIGN KEY (`question_id`) REFERENCES `questions`(`id`) ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE `question_options` ADD CONSTRAINT `question_options_updated_by_staff_users_id_fk` FOREIGN KEY (`updated_by`) REFERENCES `staff_users`(`id`) ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE `question_sets` ADD CONSTRAINT `question_sets_mcq_category_id_mcq_categories_id_fk` FOREIGN KEY (`mcq_category_id`) REFERENCES `mcq_categories`(`id`) ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE `question_sets` ADD CONSTRAINT `question_sets_updated_by_staff_users_id_fk` FOREIGN KEY (`updated_by`) REFERENCES `staff_users`(`id`) ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE `questions` ADD CONSTRAINT `questions_subject_id_subjects_id_fk` FOREIGN KEY (`subject_id`) REFERENCES `subjects`(`id`) ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE `questions` ADD CONSTRAINT `questions_grade_id_grades_id_fk` FOREIGN KEY (`grade_id`) REFERENCES `grades`(`id`) ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE `questions` ADD CONSTRAINT `questions_chapter_id_categories_id_fk` FOREIGN KEY (`chapter_id`) REFERENCES `categories`(`id`) ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE `questions` ADD CONSTRAINT `questions_updated_by_staff_users_id_fk` FOREIGN KEY (`updated_by`) REFERENCES `staff_users`(`id`) ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE `site_settings` ADD CONSTRAINT `site_settings_updated_by_staff_users_id_fk` FOREIGN KEY (`updated_by`) REFERENCES `staff_users`(`id`) ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE `social_links` ADD CONSTRAINT `social_links_updated_by_staff_users_id_fk` FOREIGN KEY (`updated_by`) REFERENCES `staff_users`(`id`) ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE `subject_grades` ADD CONSTRAINT `subject_grades_subject_id_subjects_id_fk` FOREIGN KEY (`subject_id`) REFERENCES `subjects`(`id`) ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE `subject_grades` ADD CONSTRAINT `subject_grades_grade_id_grades_id_fk` FOREIGN KEY (`grade_id`) REFERENCES `grades`(`id`) ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE `subject_grades` ADD CONSTRAINT `subject_grades_updated_by_staff_users_id_fk` FOREIGN KEY (`updated_by`) REFERENCES `staff_users`(`id`) ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE `subjects` ADD CONSTRAINT `subjects_updated_by_staff_users_id_fk` FOREIGN KEY (`updated_by`) REFERENCES `staff_users`(`id`) ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE `titles` ADD CONSTRAINT `titles_category_id_categories_id_fk` FOREIGN KEY (`category_id`) REFERENCES `categories`(`id`) ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE `titles` ADD CONSTRAINT `titles_updated_by_staff_users_id_fk` FOREIGN KEY (`updated_by`) REFERENCES `staff_users`(`id`) ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE `videos` ADD CONSTRAINT `videos_updated_by_staff_users_id_fk` FOREIGN KEY (`updated_by`) REFERENCES `staff_users`(`id`) ON DELETE set null ON UPDATE no action;--> statement-breakpoint
DROP TABLE `info_page_revisions`;--> statement-breakpoint
DROP INDEX `questions_set_idx` ON `questions`;--> statement-breakpoint
ALTER TABLE `questions` DROP COLUMN `set_id`;--> statement-breakpoint
ALTER TABLE `questions` DROP COLUMN `sort`;--> statement-breakpoint
ALTER TABLE `questions` DROP COLUMN `correct_key`;--> statement-breakpoint
ALTER TABLE `questions` DROP COLUMN `board_year`;