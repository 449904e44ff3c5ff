-- A post deleted while the webhooks knew it as public (announced_at set): what its post.unpublished event
-- needs is kept in deleted_public_posts, whatever deleted the row; the announcer tells it and removes it.
CREATE TRIGGER `posts_deleted_while_announced` AFTER DELETE ON `posts` WHEN old.announced_at IS NOT NULL BEGIN
  INSERT OR REPLACE INTO `deleted_public_posts`(post_id, title, slug, excerpt, featured_image, author, deleted_at)
  VALUES (old.id, old.title, old.slug, old.excerpt, old.featured_image,
    (SELECT `name` FROM `staff` WHERE `id` = old.author_id),
    CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER));
END;
