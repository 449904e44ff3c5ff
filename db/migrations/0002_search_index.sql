-- Trigram full-text index over posts.search_text: substring matches for queries of 3+ characters
-- without scanning every post. External content, kept in step by triggers.
CREATE VIRTUAL TABLE `posts_fts` USING fts5(search_text, content='posts', content_rowid='id', tokenize='trigram');
--> statement-breakpoint
INSERT INTO `posts_fts`(`posts_fts`) VALUES ('rebuild');
--> statement-breakpoint
CREATE TRIGGER `posts_fts_after_insert` AFTER INSERT ON `posts` BEGIN
  INSERT INTO `posts_fts`(rowid, search_text) VALUES (new.id, new.search_text);
END;
--> statement-breakpoint
CREATE TRIGGER `posts_fts_after_delete` AFTER DELETE ON `posts` BEGIN
  INSERT INTO `posts_fts`(`posts_fts`, rowid, search_text) VALUES ('delete', old.id, old.search_text);
END;
--> statement-breakpoint
CREATE TRIGGER `posts_fts_after_update` AFTER UPDATE OF search_text ON `posts` BEGIN
  INSERT INTO `posts_fts`(`posts_fts`, rowid, search_text) VALUES ('delete', old.id, old.search_text);
  INSERT INTO `posts_fts`(rowid, search_text) VALUES (new.id, new.search_text);
END;
