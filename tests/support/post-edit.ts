/**
 * The save an editor sends to give a post a new title and change nothing else, from the post as
 * `GET /api/blog/{id}` answers it: what a title-only change does to the caches is what it tests.
 */
export function retitled(post: Record<string, unknown>, title: string) {
  return {
    title,
    slug: post.slug,
    content: post.content,
    excerpt: post.excerpt,
    featured: post.featured,
    status: post.status,
    publishedAt: post.publishedAt,
    tags: (post.tags as { id: number }[]).map((tag) => tag.id),
  }
}
