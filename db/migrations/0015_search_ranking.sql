-- Word index over the same posts: ranks matches by bm25 (title above excerpt above the rest) and gives
-- the words a misspelt query word is corrected to. Which posts match is still decided by posts_fts.
CREATE VIRTUAL TABLE `posts_words` USING fts5(title, excerpt, search_text, content='posts', content_rowid='id', tokenize='unicode61 remove_diacritics 2');
--> statement-breakpoint
INSERT INTO `posts_words`(`posts_words`) VALUES ('rebuild');
--> statement-breakpoint
CREATE VIRTUAL TABLE `posts_words_vocab` USING fts5vocab(`posts_words`, 'row');
--> statement-breakpoint
CREATE TRIGGER `posts_words_after_insert` AFTER INSERT ON `posts` BEGIN
  INSERT INTO `posts_words`(rowid, title, excerpt, search_text) VALUES (new.id, new.title, new.excerpt, new.search_text);
END;
--> statement-breakpoint
CREATE TRIGGER `posts_words_after_delete` AFTER DELETE ON `posts` BEGIN
  INSERT INTO `posts_words`(`posts_words`, rowid, title, excerpt, search_text) VALUES ('delete', old.id, old.title, old.excerpt, old.search_text);
END;
--> statement-breakpoint
CREATE TRIGGER `posts_words_after_update` AFTER UPDATE OF title, excerpt, search_text ON `posts` BEGIN
  INSERT INTO `posts_words`(`posts_words`, rowid, title, excerpt, search_text) VALUES ('delete', old.id, old.title, old.excerpt, old.search_text);
  INSERT INTO `posts_words`(rowid, title, excerpt, search_text) VALUES (new.id, new.title, new.excerpt, new.search_text);
END;
