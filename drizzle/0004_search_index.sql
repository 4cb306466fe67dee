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
	`tokens` mediumtext NOT NULL,
	`source_stamp` int NOT NULL DEFAULT 0,
	`index_version` int NOT NULL DEFAULT 0,
	CONSTRAINT `search_docs_id` PRIMARY KEY(`id`),
	CONSTRAINT `search_docs_source_uq` UNIQUE(`source`,`source_id`)
);
--> statement-breakpoint
CREATE INDEX `search_docs_kind_idx` ON `search_docs` (`kind`,`subject_id`,`grade_id`);--> statement-breakpoint
-- Written by hand (drizzle cannot declare a FULLTEXT index): the search index's words, see app/db/schema.ts searchDocs.
CREATE FULLTEXT INDEX `search_docs_tokens_ft` ON `search_docs` (`tokens`);
