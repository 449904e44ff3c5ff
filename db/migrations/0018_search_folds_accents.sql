-- The trigram index folds Latin accents (SQLite 3.45's remove_diacritics for trigram), so "pokemon" finds
-- "Pokémon" and a typo correction from the word index, whose words have no accents, matches the text it
-- came from. The stored text is unchanged: every release writes the same search_text, the index folds it.
DROP TABLE `posts_fts`;
--> statement-breakpoint
CREATE VIRTUAL TABLE `posts_fts` USING fts5(search_text, content='posts', content_rowid='id', tokenize='trigram remove_diacritics 1');
--> statement-breakpoint
INSERT INTO `posts_fts`(`posts_fts`) VALUES ('rebuild');
