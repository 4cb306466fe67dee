CREATE TABLE `rate_limits` (
	`key` varchar(191) NOT NULL,
	`hits` int NOT NULL DEFAULT 0,
	`window_start` datetime NOT NULL,
	CONSTRAINT `rate_limits_key` PRIMARY KEY(`key`)
);
--> statement-breakpoint
ALTER TABLE `saved_papers` ADD `opened_at` timestamp DEFAULT (now()) NOT NULL;--> statement-breakpoint
CREATE INDEX `saved_papers_opened_idx` ON `saved_papers` (`opened_at`);