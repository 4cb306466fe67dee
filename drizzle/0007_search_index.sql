CREATE TABLE `search_docs` (
	`id` int AUTO_INCREMENT NOT NULL,
	`source` enum('titles','categories','questions','board_papers','exam_titles','videos') NOT NULL,
	`source_id` int NOT NULL,
	`kind` enum('topic','chapter','mcq','creative','paper','exam','video') NOT NULL,
	`subject_id` int,
	`grade_id` int,
	`title` varchar(255) NOT NULL,
	`body` text NOT NULL,
	`meta` varchar(255) NOT NULL DEFAULT '',
	`url` varchar(255),
	`source_stamp` int NOT NULL DEFAULT 0,
	`index_version` int NOT NULL DEFAULT 0,
	CONSTRAINT `search_docs_id` PRIMARY KEY(`id`),
	CONSTRAINT `search_docs_source_uq` UNIQUE(`source`,`source_id`)
);
--> statement-breakpoint
CREATE TABLE `search_postings` (
	`doc_id` int NOT NULL,
	`token` varchar(86) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
	`kind` enum('topic','chapter','mcq','creative','paper','exam','video') NOT NULL,
	`rank_key` smallint unsigned NOT NULL,
	`subject_id` int,
	`grade_id` int,
	CONSTRAINT `search_postings_pk` PRIMARY KEY(`doc_id`,`token`)
);
--> statement-breakpoint
CREATE INDEX `search_postings_token_idx` ON `search_postings` (`token`,`kind`,`rank_key`,`subject_id`,`grade_id`);