import { slugFromName, slugify } from '../../../shared/slug'

export interface PreviewerDraft {
  title: string
  slug: string
  excerpt: string
  featuredImage: string
  publishedAt: string
  published: boolean
  featured: boolean
  content: string
}

/** The spec's previewer rules: slug from the title when left empty, excerpt defaulting to the title. */
export function resolvedSlug(draft: PreviewerDraft): string {
  return draft.slug.trim() ? slugify(draft.slug) : slugFromName(draft.title)
}

/**
 * A `{slug}.ts` file holding one blog post in the bundled post shape of spec §3: timestamp id,
 * authorId 1, additionalImages null, status from the checkbox, ISO dates. Values are JSON-encoded, so
 * any text is valid TypeScript.
 */
export function exportPostModule(draft: PreviewerDraft, now = Date.now()): { fileName: string; source: string } {
  // A title with no Latin spelling is addressed by its id, as the site addresses such a post (post-{id}).
  const slug = resolvedSlug(draft) || `post-${now}`
  const published = draft.publishedAt ? new Date(`${draft.publishedAt}T09:00:00.000Z`) : new Date(now)
  const iso = (Number.isNaN(published.getTime()) ? new Date(now) : published).toISOString()
  const post = {
    id: now,
    title: draft.title.trim(),
    slug,
    excerpt: draft.excerpt.trim() || draft.title.trim(),
    content: draft.content,
    featuredImage: draft.featuredImage.trim() || null,
    additionalImages: null,
    featured: draft.featured,
    status: draft.published ? 'published' : 'draft',
    createdAt: iso,
    updatedAt: new Date(now).toISOString(),
    publishedAt: iso,
    authorId: 1,
  }
  const body = Object.entries(post)
    .map(([key, value]) => `  ${key}: ${JSON.stringify(value)},`)
    .join('\n')
  const source = `export interface BlogPost {
  id: number
  title: string
  slug: string
  excerpt: string
  content: string
  featuredImage: string | null
  additionalImages: string[] | null
  featured: boolean
  status: 'published' | 'draft'
  createdAt: string
  updatedAt: string
  publishedAt: string
  authorId: number
}

const post: BlogPost = {
${body}
}

export default post
`
  return { fileName: `${slug}.ts`, source }
}
